// AssignLramAddresses plans the whole function and builds every swap before
// its first write: when a later buffer cannot be placed, no earlier buffer
// has an lram_address and no swap is in the IR.
// UNSUPPORTED: foreign-host
// (The failure dump is the host's print of the function; a foreign host prints
// its torq ops in generic form, which these CHECK lines do not read.)
// RUN: not torq-opt %s --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1' --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// CHECK: error: failed to allocate LRAM addresses
// CHECK: IR Dump After TorqAssignLramAddresses Failed
// CHECK-LABEL: func.func @later_buffer_fails
// CHECK-NOT: lram_address
// CHECK-NOT: unsafe
// CHECK: return

!S = memref<1024xi8, #torq_hl<enc mem_space = lram>>
!B = memref<16384xi8, #torq_hl<enc mem_space = lram>>
!X = memref<1024xi8>
!XB = memref<16384xi8>
func.func @later_buffer_fails(%x: !X, %y: !XB) {
  %a = memref.alloc() : !S
  torq_hl.load %x : !X to %a : !S {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1024 : i64}
  torq_hl.store %a : !S to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1024 : i64}
  memref.dealloc %a : !S
  %b = memref.alloc() : !B
  torq_hl.load %y : !XB to %b : !B {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16384 : i64}
  memref.dealloc %b : !B
  return
}
