// An option PrefetchInputs does not read under the algorithm in use (its
// `reads:` tags in the options table) is said to have no effect, once, at
// the module's first function; the run still succeeds and the output is the
// run's without it. The effort level's own values are not flagged.
// RUN: torq-opt %s --torq-nss-pipeline --torq-list-policy=fifo -o %t.flag 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: :[[@LINE+13]]:1: warning: torq-prefetch-inputs: without effect under torq-prefetch-algorithm=auto: torq-list-policy=fifo (read by stream-schedule only)
// AUTO-NOT: warning
// RUN: torq-opt %s --torq-nss-pipeline -o %t.plain 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: diff %t.flag %t.plain
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3' -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=5 torq-polish-moves=7' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SS
// SS: warning: torq-prefetch-inputs: without effect under torq-prefetch-algorithm=stream-schedule: torq-oracle-time-limit-ms=5 (read by oracle only)
// SS-NOT: warning
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=oracle torq-list-policy=johnson' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORACLE
// ORACLE: warning: torq-prefetch-inputs: without effect under torq-prefetch-algorithm=oracle: torq-list-policy=johnson (read by stream-schedule only)
// QUIET-NOT: warning

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @first(%x: memref<64xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a : !L to %x : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}
func.func @second(%x: memref<64xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a : !L to %x : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}
