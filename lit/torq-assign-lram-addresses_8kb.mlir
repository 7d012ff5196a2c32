// Swaps on the 8 KB target of upstream's tests: usable = 8192 - 1280 = 6912 bytes.
// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1' --torq-verify-lram='torq-hw=0:8:2:coral_v1:nss_v1' | FileCheck %s --check-prefix=SMALL
// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses --torq-verify-lram | FileCheck %s
// Swaps cost Hw::transfer_cycles at the pass's MTUs (4096 B: 862 cycles at
// MTU 4, 793 at MTU 8), the same cost the annotation writes.
// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1' | FileCheck %s --check-prefix=MTU4
// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1 torq-dma-in-mtu=8 torq-dma-out-mtu=8' | FileCheck %s --check-prefix=MTU8
// MTU4: torq_hl.store {{.*}}"torq-async-duration-cycles" = 862 : i64
// MTU4: torq_hl.load {{.*}}"torq-async-duration-cycles" = 862 : i64
// MTU8: torq_hl.store {{.*}}"torq-async-duration-cycles" = 793 : i64
// MTU8: torq_hl.load {{.*}}"torq-async-duration-cycles" = 793 : i64

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X = memref<4096xi8>
// Two 4 KB buffers do not fit in 6912 bytes at once: the older one goes out
// to XRAM and comes back, as a new alloc, where it is used next; the view
// used after that point is re-derived from the new alloc.
// SMALL-LABEL: func.func @swap
// SMALL: %[[A:.*]] = memref.alloc() {lram_address = 1280 : i64}
// SMALL-NEXT: torq_hl.load %{{.*}} to %[[A]]
// SMALL-NEXT: %[[XA:.*]] = memref.alloc() : memref<4096xi8>
// SMALL-NEXT: torq_hl.store %[[A]] : {{.*}} to %[[XA]] : memref<4096xi8> {{{.*}}unsafe = true}
// SMALL-NEXT: memref.dealloc %[[A]]
// SMALL-NEXT: %[[B:.*]] = memref.alloc() {lram_address = 1280 : i64}
// SMALL-NEXT: torq_hl.load %{{.*}} to %[[B]]
// SMALL-NEXT: torq_hl.store %[[B]]
// SMALL-NEXT: memref.dealloc %[[B]]
// SMALL-NEXT: %[[A2:.*]] = memref.alloc() {lram_address = 1280 : i64}
// SMALL-NEXT: torq_hl.load %[[XA]] : memref<4096xi8> to %[[A2]] : {{.*}} {{{.*}}unsafe = true}
// SMALL-NEXT: memref.dealloc %[[XA]]
// SMALL-NEXT: %[[V:.*]] = memref.subview %[[A2]][0] [16] [1]
// SMALL-NEXT: memref.copy %[[V]], %[[V]]
// SMALL-NEXT: torq_hl.store %[[A2]]
// SMALL-NEXT: memref.dealloc %[[A2]]
// SMALL-NEXT: return
// With 512 KiB nothing moves.
// CHECK-LABEL: func.func @swap
// CHECK-NOT: unsafe
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

// -----

!L = memref<3000xi8, #torq_hl<enc mem_space = lram>>
// A running program keeps its buffers pinned until its wait: the third
// buffer evicts the unpinned second one, not the older, pinned first one.
// A buffer that is out when it is freed frees its XRAM copy instead.
// SMALL-LABEL: func.func @pinned
// SMALL: %[[A:.*]] = memref.alloc() {lram_address = 1280 : i64}
// SMALL: %[[B:.*]] = memref.alloc() {lram_address = 4280 : i64}
// SMALL: torq_hl.start_program
// SMALL-NEXT: %[[XB:.*]] = memref.alloc() : memref<3000xi8>
// SMALL-NEXT: torq_hl.store %[[B]]
// SMALL-NEXT: memref.dealloc %[[B]]
// SMALL-NEXT: %[[C:.*]] = memref.alloc() {lram_address = 4280 : i64}
// SMALL-NEXT: torq_hl.wait_program
// SMALL-NEXT: memref.dealloc %[[XB]] : memref<3000xi8>
// SMALL-NEXT: memref.dealloc %[[C]]
// SMALL-NEXT: memref.dealloc %[[A]]
func.func @pinned() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
  ^bb0(%arg: !L):
    torq_hl.return
  }
  %a = memref.alloc() : !L
  %b = memref.alloc() : !L
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%a : !L)
  %c = memref.alloc() : !L
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  memref.dealloc %b : !L
  memref.dealloc %c : !L
  memref.dealloc %a : !L
  return
}

// -----

!L = memref<2048xi8, #torq_hl<enc mem_space = lram>>
!B = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X = memref<2048xi8>
!XB = memref<4096xi8>
// A program never waited for holds %a to the end of the block: %a is the
// oldest buffer when %b does not fit, but it is pinned, so %c goes out.
// SMALL-LABEL: func.func @held_to_the_end
// SMALL: %[[A:.*]] = memref.alloc() {lram_address
// SMALL: %[[C:.*]] = memref.alloc() {lram_address
// SMALL: torq_hl.start_program
// SMALL-NOT: torq_hl.store %[[A]] :
// SMALL: torq_hl.store %[[C]] : {{.*}}unsafe = true
// SMALL-NOT: torq_hl.store %[[A]] :
// SMALL: return
// CHECK-LABEL: func.func @held_to_the_end
// CHECK-NOT: unsafe
// CHECK: return
func.func @held_to_the_end(%x: !X, %xb: !XB, %y: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %c = memref.alloc() : !L
  torq_hl.load %x : !X to %c : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %p = torq_hl.program "U" : !torq_hl.program<slice> {
  ^bb0(%arg: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "U" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%a : !L)
  %b = memref.alloc() : !B
  torq_hl.load %xb : !XB to %b : !B {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  torq_hl.store %b : !B to %xb : !XB {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  memref.dealloc %b : !B
  torq_hl.store %c : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  memref.dealloc %c : !L
  return
}
