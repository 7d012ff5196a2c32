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
// RUN: torq-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=6 torq-dma-out-mtu=2}))' | FileCheck %s --check-prefix=MTU
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

#map = affine_map<() -> (1)>
#map1 = affine_map<() -> (0)>
#map2 = affine_map<() -> (4)>
#map3 = affine_map<(d0, d1) -> (d1 - d0)>
#map4 = affine_map<() -> (64)>
#map5 = affine_map<() -> (2)>

// An `add` slice task as upstream's compiler prints it (two i32 scalars and
// a 2xi8 / 2xi32 weight and bias). Derived by hand from the formulas:
// memory NDLs (DE* counts, products of the H counts):
//   DEWR G(H)1 -> 1; DEBR G(H)1 -> 1; DEDR G(H)1 O(H)2 A(H)1 -> 2;
//   DEQW G(H)1 A(H)1 -> 1, with S dims B 2 x X 2 = 4 >= L = B 4 x D 1 = 4:
//   g = 4, adds (1 * 4 / 4) * ((4 - 1) / 4) = 0 -> 1. REF costs nothing.
// register NDLs (CE*/AC*, the last of each type): CEWW T1 -> 1, ACBW T1 -> 1,
//   CEDW T2 -> 2, CEDR T2 -> 2, CEWR S2 M1 T1 -> 2, ACBR M1 T1 -> 1,
//   ACPR S1 T1 -> 1, CEPR N2 T1 -> 2 (ACPW is not among the twelve).
// max_cycle = max(d = max(2, 2, 2), w = max(1, 1, 2), b = 1, q = 1, p = 2) = 2.
// memory: encoded sizes of D i32 (4) + i32 (4), W 2xi8 (2), B 2xi32 (8), Q i32 (4) = 22;
// memory_info joins the shapes, a rank-0 memref adding an empty one: "++2+2+".
// CHECK-LABEL: func.func @upstream_add
// CHECK: torq_hl.program "slice_program_torq_hl.add_0"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: torq_hw.slice_profiling
// CHECK-NEXT: memory : 22 bytes
// CHECK-NEXT: memory_info : "++2+2+"
// CHECK-NEXT: max_cycle : 2
// CHECK-NEXT: ndl_cycles :  dedr(2) dewr(1) debr(1) deqw(1) cedw(2) cedr(2) ceww(1) cewr(2) cepr(2) acbw(1) acbr(1) acpr(1)
// CHECK-NEXT: torq_hw.get_address
func.func @upstream_add() {
  %9 = torq_hl.program "slice_program_torq_hl.add_0" : !torq_hl.program<slice> {
  ^bb0(%arg0: memref<i32, #torq_hl<enc mem_space = lram>>, %arg1: memref<2xi8, #torq_hl<enc mem_space = lram>>, %arg2: memref<2xi32, #torq_hl<enc mem_space = lram>>, %arg3: memref<i32, #torq_hl<enc mem_space = lram>>, %arg4: memref<i32, #torq_hl<enc mem_space = lram>>):
    %11 = "torq_hw.get_address"(%arg3) : (memref<i32, #torq_hl<enc mem_space = lram>>) -> index
    %12 = "torq_hw.get_address"(%arg4) : (memref<i32, #torq_hl<enc mem_space = lram>>) -> index
    torq_hw.slice_task{
    op : "add"
     D %arg3, %arg4 : memref<i32, #torq_hl<enc mem_space = lram>>, memref<i32, #torq_hl<enc mem_space = lram>>
     W %arg1 : memref<2xi8, #torq_hl<enc mem_space = lram>>
     B %arg2 : memref<2xi32, #torq_hl<enc mem_space = lram>>
     Q %arg0 : memref<i32, #torq_hl<enc mem_space = lram>>
     SYMBOLS %11, %12
     CFG {alu_op0_mode = [MUL, MUL, MUL, MUL], alu_op1_mode = [ACC, ACC, ACC, ACC], alu_d_unsigned = 7, alu_w_unsigned = 0, act_mode = ACT, act_lsh = [0, 8, 16, 24], act_clip_min = -2147483648, act_clip_max = 2147483647, weight_format = SI, alu_format = I, act_format = I, act_sum_bits = 32,}
     [{DEWR dims = [ B(L) [1, #map],  D(L) [2, #map],  G(H) [1, #map1]]}, {DEBR dims = [ B(L) [4, #map],  D(L) [2, #map2],  G(H) [1, #map1]]}, {DEDR dims = [ B(L) [4, #map],  D(L) [1, #map2],  G(H) [1, #map1],  O(H) [2, #map3],  A(H) [1, #map4]]}, {DEQW dims = [ B(L) [4, #map],  D(L) [1, #map2],  G(H) [1, #map1],  A(H) [1, #map1],  B(S) [2, #map],  X(S) [2, #map5]]}, {REF dims = []}]
     [{CEWW dims = [ B(L) [1, 1],  D(L) [2, 1],  G(L) [1, 0],  T(H) [1, 0]]}, {ACBW dims = [ B(L) [8, 1],  D(L) [1, 8],  G(L) [1, 0],  T(H) [1, 0]]}, {CEDW dims = [ B(L) [4, 1],  D(L) [1, 4],  T(H) [2, 0]]}, {CEDR dims = [ B(L) [4, 1],  D(L) [2, 4],  T(H) [2, 0]]}, {CEWR dims = [ B(L) [1, 1],  D(L) [1, 0],  S(H) [2, 1],  M(H) [1, 0],  T(H) [1, 0]]}, {ACBR dims = [ B(L) [8, 1],  D(L) [1, 8],  M(H) [1, 0],  T(H) [1, 0]]}, {ACPR dims = [ B(L) [4, 1],  D(L) [4, 4],  G(L) [1, 0],  S(H) [1, 16],  T(H) [1, 0]]}, {CEPR dims = [ B(L) [4, 1],  D(L) [4, 4],  N(H) [2, 0],  T(H) [1, 0]]}, {ACPW dims = [ B(L) [4, 1],  D(L) [4, 4],  G(L) [4, 16],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  return
}

// -----

#one = affine_map<() -> (1)>
!L = memref<64x16xi8, #torq_hl<enc mem_space = lram>>
!B = memref<16xi32, #torq_hl<enc mem_space = lram>>
!P = memref<64x16xi8, #torq_hl<enc mem_space = lram counts = [64, 16] strides = [32, 1] padding = 8>>

// One slice_profiling per slice_task, each inserted at the start of the
// program body as upstream does, so the last task's profile comes first.
// "fully_connected": memory NDLs of one type add up, dedr = 64 * 16 *
// ceil(L 8 / S 2) = 4096, dewr = 64 + 64 = 128, deqw = 1024; of register
// NDLs of one type the last counts, cepr = 300. max_cycle = 4096.
// memory: 1024 + 1024 + 64 + 32 x 64 + 8 (strides[0] x shape[0] + padding) = 4168.
// CHECK-LABEL: func.func @profiles
// CHECK: torq_hl.program "fc"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: torq_hw.slice_profiling
// CHECK-NEXT: memory : 2056 bytes
// CHECK-NEXT: memory_info : "64x16"
// CHECK-NEXT: max_cycle : 7
// CHECK-NEXT: ndl_cycles :  dedr(0) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(7) acbr(0) acpr(0)
// CHECK-NEXT: torq_hw.slice_profiling
// CHECK-NEXT: memory : 4168 bytes
// CHECK-NEXT: memory_info : "64x16+64x16+16+64x16"
// CHECK-NEXT: max_cycle : 4096
// CHECK-NEXT: ndl_cycles :  dedr(4096) dewr(128) debr(0) deqw(1024) cedw(0) cedr(0) ceww(0) cewr(0) cepr(300) acbw(0) acbr(0) acpr(0)
// CHECK-NEXT: torq_hw.slice_task{
// CHECK-NEXT: op : "fully_connected"
// CHECK: op : "bias"
// A program without tasks keeps its profile as it was.
// CHECK: torq_hl.program "kept"
// CHECK-NEXT: torq_hw.slice_profiling
// CHECK-NEXT: memory : 9 bytes
// CHECK: torq_hl.program "empty"
// CHECK-NOT: slice_profiling
// CHECK: return
func.func @profiles() {
  %p = torq_hl.program "fc" : !torq_hl.program<slice> {
  ^bb0(%d: !L, %w: !L, %b: !B, %q: !P):
    // A stale profile from an earlier run is replaced.
    torq_hw.slice_profiling
     memory : 1 bytes
     memory_info : ""
     max_cycle : 1
     ndl_cycles :  dedr(1) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)
    torq_hw.slice_task{
    op : "fully_connected"
     D %d : !L
     W %w : !L
     B %b : !B
     Q %q : !P
     CFG {alu_op0_mode = [MUL], alu_op1_mode = [ACC], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [64, #one],  G(H) [16, #one],  B(L) [8, #one],  X(S) [2, #one]]}, {DEWR dims = [ D(H) [64, #one]]}, {DEWR dims = [ D(H) [64, #one]]}, {DEQW dims = [ D(H) [1024, #one]]}]
     [{CEPR dims = [ D(H) [500, 1]]}, {CEPR dims = [ D(H) [300, 1]]}]
    }
    torq_hw.slice_task{
    op : "bias"
     Q %q : !P
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     []
     [{ACBW dims = [ D(H) [7, 1]]}]
    }
    torq_hl.return
  }
  %k = torq_hl.program "kept" : !torq_hl.program<slice> {
    torq_hw.slice_profiling
     memory : 9 bytes
     memory_info : "9"
     max_cycle : 5
     ndl_cycles :  dedr(5) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)
    torq_hl.return
  }
  %e = torq_hl.program "empty" : !torq_hl.program<slice> {
    torq_hl.return
  }
  return
}
