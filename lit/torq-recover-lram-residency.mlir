// RUN: torq-opt %s -split-input-file --torq-recover-lram-residency='torq-hw=0:2:2:coral_v1:nss_v1' | FileCheck %s
// Off: nothing changes.
// RUN: torq-opt %s -split-input-file --torq-recover-lram-residency='torq-hw=0:2:2:coral_v1:nss_v1 torq-failure-driven-recovery=false' | FileCheck %s --check-prefix=OFF

!W = memref<4x64xi8>
!WL = memref<4x64xi8, #torq_hl<enc mem_space = lram>>
!R = memref<1x64xi8, strided<[64, 1], offset: 64>, #torq_hl<enc mem_space = lram>>
// This function allocates on the 2 KB target (768 usable bytes): it is left
// exactly as it is, the shared reuse too.
// CHECK-LABEL: func.func @fits
// CHECK: memref.alloc() {torq.lram_reuse}
// CHECK-NEXT: torq_hl.load
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc
func.func @fits(%w: !W) {
  %a = memref.alloc() {torq.lram_reuse} : !WL
  torq_hl.load %w : !W to %a : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 256 : i64}
  memref.copy %a, %a : !WL to !WL
  memref.copy %a, %a : !WL to !WL
  memref.dealloc %a : !WL
  return
}

// -----

!W = memref<4x64xi8>
!WL = memref<4x64xi8, #torq_hl<enc mem_space = lram>>
!R = memref<1x64xi8, strided<[64, 1], offset: 64>, #torq_hl<enc mem_space = lram>>
!RX = memref<1x64xi8, strided<[64, 1], offset: 64>>
!Big = memref<1024xi8, #torq_hl<enc mem_space = lram>>
// The last copy needs 1 KB at once: the function does not allocate, so both
// recoveries run. The shared weight %a gets one load per consumer, each in a
// fresh alloc freed after its consumer; %b, loaded whole and read only
// through a row, is loaded row by row from the same row of its source.
// CHECK-LABEL: func.func @recovered
// CHECK-NOT: torq.lram_reuse
// CHECK: %[[A1:.*]] = memref.alloc() : memref<4x64xi8
// CHECK-NEXT: torq_hl.load %arg0 {{.*}} to %[[A1]]
// CHECK-NEXT: memref.copy %[[A1]], %[[A1]]
// CHECK-NEXT: memref.dealloc %[[A1]]
// CHECK-NEXT: %[[A2:.*]] = memref.alloc() : memref<4x64xi8
// CHECK-NEXT: torq_hl.load %arg0 {{.*}} to %[[A2]]
// CHECK-NEXT: memref.copy %[[A2]], %[[A2]]
// CHECK-NEXT: memref.dealloc %[[A2]]
// CHECK: %[[B:.*]] = memref.alloc() : memref<4x64xi8
// CHECK-NOT: torq_hl.load %arg1 : memref<4x64xi8> to %[[B]]
// CHECK: %[[V:.*]] = memref.subview %[[B]][1, 0] [1, 64] [1, 1]
// CHECK-NEXT: %[[XV:.*]] = memref.subview %arg1[1, 0] [1, 64] [1, 1] : memref<4x64xi8> to memref<1x64xi8, strided<[64, 1], offset: 64>>
// CHECK-NEXT: torq_hl.load %[[XV]] : memref<1x64xi8, strided<[64, 1], offset: 64>> to %[[V]] : {{.*}} {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>, unsafe = true}
// CHECK-NEXT: torq_hl.store %[[V]]
// OFF-LABEL: func.func @recovered
// OFF: torq.lram_reuse
func.func @recovered(%w: !W, %x: !W, %y: !RX) {
  %a = memref.alloc() {torq.lram_reuse} : !WL
  torq_hl.load %w : !W to %a : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 256 : i64}
  memref.copy %a, %a : !WL to !WL
  memref.copy %a, %a : !WL to !WL
  memref.dealloc %a : !WL
  %b = memref.alloc() : !WL
  torq_hl.load %x : !W to %b : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 256 : i64}
  %v = memref.subview %b[1, 0] [1, 64] [1, 1] : !WL to !R
  torq_hl.store %v : !R to %y : !RX {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, unsafe = true}
  memref.dealloc %b : !WL
  %c = memref.alloc() : !Big
  memref.copy %c, %c : !Big to !Big
  memref.dealloc %c : !Big
  return
}
