// MLIR's pass manager runs the function passes of a module on several
// threads. 64 functions through the whole pipeline give the same IR, the
// same report and the same Chrome trace with threading on (the default) and
// with --mlir-disable-threading.
// RUN: %python %inputs/many-functions.py 64 > %t.mlir
// RUN: torq-opt %t.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=600000 torq-prefetch-report=%t.threaded.json torq-prefetch-trace=%t.threaded.trace' --torq-verify-lram > %t.threaded
// RUN: torq-opt %t.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=600000 torq-prefetch-report=%t.serial.json torq-prefetch-trace=%t.serial.trace' --torq-verify-lram --mlir-disable-threading > %t.serial
// RUN: diff %t.threaded %t.serial
// RUN: diff %t.threaded.json %t.serial.json
// RUN: diff %t.threaded.trace %t.serial.trace
// The reordering happened (so the comparison is not of untouched IR):
// RUN: FileCheck %s < %t.serial.json
// CHECK: "decision": "committed the
// RUN: FileCheck %s --check-prefix=FUNCS < %t.serial
// FUNCS-COUNT-64: func.func @f

// Every report above matches docs/report.schema.json.
// RUN: %check-report %t.threaded.json %t.serial.json
