// The pipeline's output, report and trace are a function of the input and
// the options only: identical whatever the oracle's time limit (which only
// torq-prefetch-algorithm=oracle reads, as a hang guard), with threading on
// and off, at default options and with the higher effort
// (torq-list-policy=search, whose oracle counts solver steps).
// Four functions, one of them the 32-program block whose oracle hit the
// solver's assertion:
// RUN: cat %inputs/prefetch-big-weights.mlir %inputs/prefetch-portfolio.mlir %inputs/oracle-solver-assertion.mlir %inputs/prefetch-cap85.mlir > %t.in
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-oracle-time-limit-ms=1' > %t.d1
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-oracle-time-limit-ms=1000000' --mlir-disable-threading > %t.d2
// RUN: diff %t.d1 %t.d2
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=1 torq-prefetch-report=%t.r1 torq-prefetch-trace=%t.t1' > %t.s1
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=1000000 torq-prefetch-report=%t.r2 torq-prefetch-trace=%t.t2' --mlir-disable-threading > %t.s2
// RUN: diff %t.s1 %t.s2
// RUN: diff %t.r1 %t.r2
// RUN: diff %t.t1 %t.t2
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-oracle-time-limit-ms=1 torq-prefetch-report=%t.r3' > %t.e1
// RUN: torq-opt %t.in --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-oracle-time-limit-ms=1000000 torq-prefetch-report=%t.r4' --mlir-disable-threading > %t.e2
// RUN: diff %t.e1 %t.e2
// RUN: diff %t.r3 %t.r4
// The search did run its oracle (so the time limit had something to stop):
// RUN: FileCheck %s < %t.r3
// CHECK: "oracle": [
// CHECK: "probes":
// The explicit oracle algorithm is the one mode the clock may stop; it warns
// when its cap fires (here 1 ms on the 32-program block):
// RUN: torq-opt %inputs/oracle-solver-assertion.mlir --torq-nss-pipeline='torq-prefetch-algorithm=oracle torq-oracle-time-limit-ms=1 torq-oracle-steps=100000000' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: torq-prefetch-inputs: the oracle's wall-clock cap (torq-oracle-time-limit-ms) ended its search: this schedule depends on the machine's speed and load

// Every report above matches docs/report.schema.json.
// RUN: %check-report %t.r1 %t.r2 %t.r3 %t.r4
