// AddDeallocation checks every buffer before it inserts a dealloc: when a
// later buffer cannot get one (its last user is the terminator), the earlier
// buffer gets none either.
// UNSUPPORTED: foreign-host
// (The failure dump is the host's print of the function; a foreign host prints
// its torq ops in generic form, which these CHECK lines do not read.)
// RUN: not torq-opt %s --torq-add-deallocation --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// CHECK: error: torq-add-deallocation: the last user of this buffer is the block terminator 'func.return'
// CHECK: IR Dump After TorqAddDeallocation Failed
// CHECK-LABEL: func.func @later_buffer_fails
// CHECK-NOT: memref.dealloc
// CHECK: return

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @later_buffer_fails(%x: !X) -> !L {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %b = memref.alloc() : !L
  return %b : !L
}
