// RUN: torq-opt %s -split-input-file --torq-annotate-dma-and-slice-cycles | FileCheck %s
// Idempotent: a second run changes nothing.
// RUN: torq-opt %s -split-input-file --torq-annotate-dma-and-slice-cycles > %t.once
// RUN: torq-opt %t.once -split-input-file --torq-annotate-dma-and-slice-cycles > %t.twice
// RUN: diff %t.once %t.twice
// The multithreaded pass manager (the default) gives the same IR as one thread.
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --mlir-disable-threading > %t.serial
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles > %t.threaded
// RUN: diff %t.serial %t.threaded
// Options.
// RUN: torq-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(torq-annotate-dma-and-slice-cycles{dma-in-mtu=6 dma-out-mtu=2}))' | FileCheck %s --check-prefix=MTU
// RUN: torq-opt %s -split-input-file --torq-annotate-dma-and-slice-cycles='torq-hw=1:8:2:coral_v2:nss_v2:16:0.5' | FileCheck %s --check-prefix=HW

!X4 = memref<4096xi8>
!L4 = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X5 = memref<5120xi8>
!L5 = memref<5120xi8, #torq_hl<enc mem_space = lram>>
!X64 = memref<128x1024xi4>
!L64 = memref<128x1024xi4, #torq_hl<enc mem_space = lram>>

// At MTU 4 the DMA moves 8 * 0.65 * 16 / 17.5 = 4.754 B/cycle:
// 4096 B -> ceil(861.5) = 862, 5120 B -> 1077, 65536 B -> 13785.
// CHECK-LABEL: func.func @dma
// CHECK: torq_hl.load {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 862 : i64
// CHECK: torq_hl.load {{.*}} "torq-async-bytes" = 5120 : i64, "torq-async-duration-cycles" = 1077 : i64
// CHECK: torq_hl.load {{.*}} "torq-async-bytes" = 65536 : i64, "torq-async-duration-cycles" = 13785 : i64
// CHECK: torq_hl.load {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 862 : i64
// CHECK: torq_hl.store {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 862 : i64
// MTU 6: 5.2 * 64 / 65.5 = 5.081 B/cycle; MTU 2: 5.2 * 4 / 5.5 = 3.782 B/cycle.
// MTU-LABEL: func.func @dma
// MTU: torq_hl.load {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 807 : i64
// MTU: torq_hl.load {{.*}} "torq-async-bytes" = 5120 : i64, "torq-async-duration-cycles" = 1008 : i64
// MTU: torq_hl.load {{.*}} "torq-async-bytes" = 65536 : i64, "torq-async-duration-cycles" = 12899 : i64
// MTU: torq_hl.load
// MTU: torq_hl.store {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 1084 : i64
// A custom target at 16 B/cycle x 0.5: 8 * 16 / 17.5 = 7.314 B/cycle.
// HW-LABEL: func.func @dma
// HW: torq_hl.load {{.*}} "torq-async-bytes" = 4096 : i64, "torq-async-duration-cycles" = 560 : i64
func.func @dma(%x4: !X4, %x5: !X5, %x64: !X64, %o: !X4) {
  %l4 = memref.alloc() : !L4
  %l5 = memref.alloc() : !L5
  %l64 = memref.alloc() : !L64
  torq_hl.load %x4 : !X4 to %l4 : !L4 {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  torq_hl.load %x5 : !X5 to %l5 : !L5 {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5120 : i64}
  // int4 weights: 128 x 1024 x 4 bits = 65536 B, moved as 128 rows of 512 B.
  torq_hl.load %x64 : !X64 to %l64 : !L64 {input_strides_bytes = array<i64: 512>, shape = array<i64: 128>, element_size_bytes = 512 : i64}
  // A strided transfer: 4 rows of 1024 bytes.
  torq_hl.load %x4 : !X4 to %l4 : !L4 {input_strides_bytes = array<i64: 1024>, shape = array<i64: 4>, element_size_bytes = 1024 : i64}
  torq_hl.store %l4 : !L4 to %o : !X4 {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

// LRAM <-> DTCM/ITCM copies are CDMA: max(1, ceil(bytes / (16 * 0.36))) on SL2610.
// CHECK-LABEL: func.func @cdma
// CHECK: memref.copy {{.*}} {"torq-async-bytes" = 576 : i64, "torq-async-duration-cycles" = 100 : i64}
// CHECK: memref.copy {{.*}} {"torq-async-bytes" = 1 : i64, "torq-async-duration-cycles" = 1 : i64}
// CHECK-NOT: torq-async
// CHECK: return
// Another CSS/NSS: f = 0.8, 576 / 12.8 = 45.
// HW-LABEL: func.func @cdma
// HW: memref.copy {{.*}} "torq-async-duration-cycles" = 45 : i64
func.func @cdma(%l: memref<576xi8, #torq_hl<enc mem_space = lram>>, %d: memref<576xi8, #torq_hl<enc mem_space = dtcm>>,
                %i: memref<2xi4, #torq_hl<enc mem_space = itcm>>, %l2: memref<2xi4, #torq_hl<enc mem_space = lram>>,
                %x: memref<576xi8>, %y: memref<576xi8>) {
  memref.copy %l, %d : memref<576xi8, #torq_hl<enc mem_space = lram>> to memref<576xi8, #torq_hl<enc mem_space = dtcm>>
  memref.copy %i, %l2 : memref<2xi4, #torq_hl<enc mem_space = itcm>> to memref<2xi4, #torq_hl<enc mem_space = lram>>
  // XRAM to XRAM is not a CDMA transfer, dynamic shapes included.
  memref.copy %x, %y : memref<576xi8> to memref<576xi8>
  return
}

// A dynamically shaped copy that is not a CDMA transfer is left alone.
// CHECK-LABEL: func.func @dynamic_copy
// CHECK-NOT: torq-async
func.func @dynamic_copy(%x: memref<?xi8>, %y: memref<?xi8>) {
  memref.copy %x, %y : memref<?xi8> to memref<?xi8>
  return
}

// -----

!L = memref<64x16xi8, #torq_hl<enc mem_space = lram>>
!B = memref<16xi32, #torq_hl<enc mem_space = lram>>

// One slice_profiling per slice_task, at the start of the program body, in task order.
// mem: dedr = 64*16 * ceil(L 8 / S 2) = 4096, dewr = 64 + 64 (summed), deqw = 1024;
// reg: cepr = the last one, 300. max_cycle = max(d 4096, w 128, b 0, q 1024, p 300).
// CHECK-LABEL: func.func @profiles
// CHECK: torq_hl.program "fc"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: torq_hw.slice_profiling {max_cycle = 4096 : i32, slice_mem = 3136 : i32, slice_meminfo = "64x16+64x16+16+64x16", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(4096) dewr(128) debr(0) deqw(1024) cedw(0) cedr(0) ceww(0) cewr(0) cepr(300) acbw(0) acbr(0) acpr(0)>}
// CHECK-NEXT: torq_hw.slice_profiling {max_cycle = 7 : i32, slice_mem = 1024 : i32, slice_meminfo = "64x16", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(0) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(7) acbr(0) acpr(0)>}
// CHECK-NEXT: torq_hw.slice_task "fully_connected"
// CHECK-NEXT: torq_hw.slice_task "bias"
// CHECK: torq_hl.program "empty"
// CHECK-NOT: slice_profiling
// CHECK: return
func.func @profiles() {
  %p = torq_hl.program "fc" : !torq_hl.program<slice> {
  ^bb0(%d: !L, %w: !L, %b: !B, %q: !L):
    // A stale profile from an earlier run is replaced.
    torq_hw.slice_profiling {max_cycle = 1 : i32, slice_mem = 1 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(1) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}
    torq_hw.slice_task "fully_connected" d(%d : !L) w(%w : !L) b(%b : !B) q(%q : !L)
        mem_ndls [#torq_hw<ndl dedr [H D 64, H G 16, L B 8, S X 2]>, #torq_hw<ndl dewr [H D 64]>,
                  #torq_hw<ndl dewr [H D 64]>, #torq_hw<ndl deqw [H D 1024]>]
        reg_ndls [#torq_hw<ndl cepr [H D 500]>, #torq_hw<ndl cepr [H D 300]>]
    torq_hw.slice_task "bias" q(%q : !L) mem_ndls [] reg_ndls [#torq_hw<ndl acbw [H D 7]>]
    torq_hl.return
  }
  %e = torq_hl.program "empty" : !torq_hl.program<slice> {
    torq_hl.return
  }
  return
}
