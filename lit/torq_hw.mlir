// torq_hw in upstream's printed form; the byte-for-byte round trips of every
// construct are in upstream-syntax/. This file checks a task with every
// operand group at once, its generic form, and an NSS program of tasks.
// RUN: torq-opt %s | FileCheck %s
// RUN: torq-opt %s | torq-opt | FileCheck %s
// RUN: torq-opt %s --mlir-print-op-generic | torq-opt | FileCheck %s
// RUN: torq-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// UNSUPPORTED: foreign-host
// (This project's torq_hw printer and generic form: a foreign host has its own.)

#one = affine_map<() -> (1)>
!L = memref<64x16xi8, #torq_hl<enc mem_space = lram>>
!B = memref<16xi32, #torq_hl<enc mem_space = lram>>

// CHECK-LABEL: func.func @tasks
// CHECK: torq_hw.slice_task{
// CHECK-NEXT: op : "fully_connected"
// CHECK-NEXT: D %{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: W %{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: B %{{.*}} : memref<16xi32, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: Q %{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: DX %{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: BX %{{.*}} : memref<16xi32, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: SYMBOLS %{{.*}} {note = "fc"}
// CHECK-NEXT: CFG {alu_op0_mode = [MUL, MUL], alu_op1_mode = [ACC, ACC], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT, pad_left = 1, stride = 2, table = [1, 2, 3]}
// CHECK-NEXT: [{REF dims = []}, {DEDR dims = [ D(H) [64, #map],  G(H) [16, #map],  B(L) [4, #map],  X(S) [2, #map]] index = 1}]
// CHECK-NEXT: [{CEPR dims = [ T(H) [512, 1]] set_id = [2]}, {ACPR}]
// CHECK-NEXT: }
// GENERIC: "torq_hw.slice_task"({{.*}}) <{mem_ndls = #torq_hw<mem_ndl_array[{REF dims = []}, {DEDR
// GENERIC-SAME: operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>
// GENERIC-SAME: reg_ndls = #torq_hw<reg_ndl_array[{CEPR dims = [ T(H) [512, 1]] set_id = [2]}, {ACPR}]>
// GENERIC-SAME: slice_cfg_attr = #torq_hw<slice_cfg{alu_op0_mode = [MUL, MUL]
func.func @tasks() {
  %p = torq_hl.program "slice_program_fc_0" : !torq_hl.program<slice> {
  ^bb0(%d: !L, %w: !L, %b: !B, %q: !L, %i: index):
    torq_hw.slice_task{
    op : "fully_connected"
     D %d : !L
     W %w : !L
     B %b : !B
     Q %q : !L
     DX %d : !L
     BX %b : !B
     SYMBOLS %i {note = "fc"}
     CFG {alu_op0_mode = [MUL, MUL], alu_op1_mode = [ACC, ACC], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT, pad_left = 1, stride = 2, table = [1, 2, 3]}
     [{REF dims = []}, {DEDR dims = [ D(H) [64, #one],  G(H) [16, #one],  B(L) [4, #one],  X(S) [2, #one]] index = 1}]
     [{CEPR dims = [ T(H) [512, 1]] set_id = [2]}, {ACPR}]
    }
    torq_hl.return
  }
  return
}

// An NSS program as upstream's later stages write it: tasks of DMA, slice
// and CSS starts and waits.
// CHECK-LABEL: func.func @nss_tasks
// CHECK: torq_hw.nss_task {"torq-task-id" = 1 : i64}() {
// CHECK-NEXT: torq_hw.dma_in_cfg from %{{.*}} : memref<4xi8> to %{{.*}} : memref<4xi8, #torq_hl<enc mem_space = lram>> {read_ndl = #torq_hw<dma_ndl{dims = {{\[\[}}4, 1]]}>, write_ndl = #torq_hw<dma_ndl{dims = {{\[\[}}4, 1]]}>}
// CHECK-NEXT: torq_hw.dma_in_start
// CHECK-NEXT: torq_hw.dma_in_wait
// CHECK: "torq_hw.slice_start"
// CHECK: "torq_hw.slice_wait"() <{id = 1 : index}> : () -> ()
func.func @nss_tasks(%x: memref<4xi8>, %l: memref<4xi8, #torq_hl<enc mem_space = lram>>,
                     %i: !torq_hl.invocation<slice>, %code: memref<5120xi8, #torq_hl<enc mem_space = lram>>) {
  torq_hw.nss_task {"torq-task-id" = 1 : i64}() {
    torq_hw.dma_in_cfg from %x : memref<4xi8> to %l : memref<4xi8, #torq_hl<enc mem_space = lram>> {read_ndl = #torq_hw<dma_ndl{dims = [[4, 1]]}>, write_ndl = #torq_hw<dma_ndl{dims = [[4, 1]]}>}
    torq_hw.dma_in_start
    torq_hw.dma_in_wait
  }
  torq_hw.nss_task() {
    "torq_hw.slice_start"(%i, %code, %l) <{id = 1 : index}> : (!torq_hl.invocation<slice>, memref<5120xi8, #torq_hl<enc mem_space = lram>>, memref<4xi8, #torq_hl<enc mem_space = lram>>) -> ()
  }
  torq_hw.nss_task() {
    "torq_hw.slice_wait"() <{id = 1 : index}> : () -> ()
  }
  return
}
