// Under the threaded pass manager, a function whose pipeline fails reports
// every one of its diagnostics while other functions run beside it. Before
// ir::OpExt, a pass that asked melior for a missing operand printed (so
// verified) the op; MLIR's verifier then swallowed this thread's errors and
// its parallel loop let the thread run another function's pipeline meanwhile:
// that function's errors were lost (exit 1, no message) in about half the
// runs of this test. Four runs, each must deliver all 16 errors.
// RUN: %python %inputs/many-functions.py 64 8 > %t.mlir
// RUN: torq-opt %t.mlir --torq-nss-pipeline -verify-diagnostics -o /dev/null
// RUN: torq-opt %t.mlir --torq-nss-pipeline -verify-diagnostics -o /dev/null
// RUN: torq-opt %t.mlir --torq-nss-pipeline -verify-diagnostics -o /dev/null
// RUN: torq-opt %t.mlir --torq-nss-pipeline -verify-diagnostics -o /dev/null
// RUN: torq-opt %t.mlir --torq-nss-pipeline -verify-diagnostics -o /dev/null --mlir-disable-threading
// RUN: %python %inputs/many-functions.py 64 8 | grep -c expected-error | FileCheck %s --check-prefix=COUNT
// COUNT: 16
