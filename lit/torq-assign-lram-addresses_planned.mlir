// When RecoverLramResidency finds that a function allocates, it leaves the
// function unchanged and hands its plan on as an analysis of the function;
// AssignLramAddresses writes that plan instead of reading and planning the
// function again. The output is the same as AssignLramAddresses' alone.
// RUN: torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1}))' -o %t.planned
// RUN: torq-opt %s --pass-pipeline='builtin.module(func.func(torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1}))' -o %t.alone
// RUN: diff %t.planned %t.alone
// RUN: FileCheck %s --input-file=%t.planned

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X = memref<4096xi8>
// CHECK-LABEL: func.func @swap
// CHECK: memref.alloc() {lram_address = 1280 : i64}
// CHECK: torq_hl.store {{.*}}unsafe = true
// CHECK: torq_hl.load {{.*}}unsafe = true
// CHECK: return
func.func @swap(%x: !X, %y: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %b = memref.alloc() : !L
  torq_hl.load %x : !X to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %v = memref.subview %a[0] [16] [1] : !L to memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  torq_hl.store %b : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  memref.dealloc %b : !L
  memref.copy %v, %v : memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>> to memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  torq_hl.store %a : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  memref.dealloc %a : !L
  return
}
