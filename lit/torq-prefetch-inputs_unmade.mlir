// An output asked for that the algorithm does not make is said once, at the
// module's first function (not per function, the same one whatever the
// threads do), as a warning; the run still succeeds.
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=none torq-prefetch-report=%t.json torq-prefetch-trace=%t.trace' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: :[[@LINE+9]]:1: warning: torq-prefetch-inputs: torq-prefetch-report, torq-prefetch-trace not made: torq-prefetch-algorithm=none decides nothing
// NONE-NOT: warning
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-explain=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: warning: torq-prefetch-inputs: torq-prefetch-explain not made: the explain table is stream-schedule's; constant-loads (auto) has none
// AUTO-NOT: warning
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-explain=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SS
// SS-NOT: warning

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
