// MLIR's parser, verifier and printer recurse once per nesting level; on the
// main thread's 8 MiB stack about 3,000 nested loops aborted the tool. The
// driver runs on a thread with a large reserved stack: 10,000 levels parse,
// verify and print, and the passes run on 4,000.
// RUN: %python %inputs/deep-nest.py 10000 > %t.10000.mlir
// RUN: torq-opt %t.10000.mlir -o %t.out
// RUN: FileCheck %s < %t.out
// RUN: %python %inputs/deep-nest.py 4000 > %t.4000.mlir
// RUN: torq-opt %t.4000.mlir --torq-nss-pipeline --torq-verify-lram -o /dev/null
// CHECK-LABEL: func.func @deep
// CHECK: scf.for %arg3 = %arg0 to %arg1 step %arg2 {
// CHECK: return
// UNSUPPORTED: foreign-host
// (torq-opt's own driver thread and stack: a host's stack is the host's.)
