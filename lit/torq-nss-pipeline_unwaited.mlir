// A program started and never waited for is a barrier (spec §4) that holds
// its buffers to the end of the block: valid input, which every pipeline
// compiles and the checker accepts. Its buffers get no dealloc, and the
// allocator keeps them live (and pinned: never swapped out) to the end.
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline -o %t.auto
// RUN: torq-opt %t.auto -split-input-file --torq-verify-lram -o /dev/null
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' -o %t.ss
// RUN: torq-opt %t.ss -split-input-file --torq-verify-lram -o /dev/null
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-placement=first-fit' -o %t.ff
// RUN: torq-opt %t.ff -split-input-file --torq-verify-lram -o /dev/null
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline='torq-prefetch-algorithm=none' | FileCheck %s
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline='torq-prefetch-algorithm=none' -o %t.none
// RUN: torq-opt %t.none -split-input-file --torq-verify-lram -o /dev/null

#one = affine_map<() -> (1)>
!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
// An LRAM buffer written by the unwaited program, which starts first; a
// program on the other slice runs after it.
// CHECK-LABEL: func.func @lram_written_early
// CHECK: %[[U:.*]] = memref.alloc() {lram_address
// CHECK-NOT: memref.dealloc %[[U]]
// CHECK: return
func.func @lram_written_early(%x1: memref<256xi8>, %y: memref<256xi8>) {
  %uq = memref.alloc() : !L
  %pU = torq_hl.program "U" : !torq_hl.program<slice> {
  ^bb0(%b0: !L):
    "torq_hw.slice_profiling"() <{max_cycle = 5000 : i32, slice_mem = 0 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(5000) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     Q %b0 : !L
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [100, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %invU = torq_hl.create_invocation "U" program(%pU : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %invU : !torq_hl.invocation<slice> args(%uq : !L)
  %a1 = memref.alloc() : !L
  torq_hl.load %x1 : memref<256xi8> to %a1 : !L {element_size_bytes = 256 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %q1 = memref.alloc() : !L
  %pW = torq_hl.program "W" : !torq_hl.program<slice> {
  ^bb0(%c0: !L, %c1: !L):
    "torq_hw.slice_profiling"() <{max_cycle = 3000 : i32, slice_mem = 0 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(3000) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     D %c0 : !L
     Q %c1 : !L
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [100, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %invW = torq_hl.create_invocation "W" program(%pW : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %invW : !torq_hl.invocation<slice> args(%a1, %q1 : !L, !L)
  torq_hl.wait_program %invW : !torq_hl.invocation<slice>
  torq_hl.store %q1 : !L to %y : memref<256xi8> {element_size_bytes = 256 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}

// -----

#one = affine_map<() -> (1)>
!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
// An XRAM buffer taken by an unwaited program started last.
// CHECK-LABEL: func.func @xram_late
// CHECK: %[[X:.*]] = memref.alloc() : memref<256xi8>
// CHECK-NOT: memref.dealloc %[[X]]
// CHECK: return
func.func @xram_late(%x1: memref<256xi8>, %y: memref<256xi8>) {
  %a1 = memref.alloc() : !L
  torq_hl.load %x1 : memref<256xi8> to %a1 : !L {element_size_bytes = 256 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %pW = torq_hl.program "W" : !torq_hl.program<slice> {
  ^bb0(%c0: !L):
    "torq_hw.slice_profiling"() <{max_cycle = 3000 : i32, slice_mem = 0 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(3000) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     Q %c0 : !L
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [100, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %invW = torq_hl.create_invocation "W" program(%pW : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %invW : !torq_hl.invocation<slice> args(%a1 : !L)
  torq_hl.wait_program %invW : !torq_hl.invocation<slice>
  torq_hl.store %a1 : !L to %y : memref<256xi8> {element_size_bytes = 256 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  %ux = memref.alloc() : memref<256xi8>
  %pU = torq_hl.program "U" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<256xi8>):
    torq_hl.return
  }
  %invU = torq_hl.create_invocation "U" program(%pU : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %invU : !torq_hl.invocation<slice> args(%ux : memref<256xi8>)
  return
}

// -----

#one = affine_map<() -> (1)>
!L = memref<512xi8, #torq_hl<enc mem_space = lram>>
!H = memref<256xi8, strided<[1], offset: 256>, #torq_hl<enc mem_space = lram>>
// An LRAM buffer loaded, then taken through a subview by an unwaited
// program in the middle of the block; a program after it reads a load.
// CHECK-LABEL: func.func @lram_subview_middle
// CHECK: %[[B:.*]] = memref.alloc() {lram_address
// CHECK-NOT: memref.dealloc %[[B]]
// CHECK: return
func.func @lram_subview_middle(%x0: memref<512xi8>, %x1: memref<256xi8>) {
  %ub = memref.alloc() : !L
  torq_hl.load %x0 : memref<512xi8> to %ub : !L {element_size_bytes = 512 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %sv = memref.subview %ub[256] [256] [1] : !L to !H
  %pU = torq_hl.program "U" : !torq_hl.program<slice> {
  ^bb0(%b0: !H):
    torq_hl.return
  }
  %invU = torq_hl.create_invocation "U" program(%pU : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %invU : !torq_hl.invocation<slice> args(%sv : !H)
  %a1 = memref.alloc() : memref<256xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x1 : memref<256xi8> to %a1 : memref<256xi8, #torq_hl<enc mem_space = lram>> {element_size_bytes = 256 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %pW = torq_hl.program "W" : !torq_hl.program<slice> {
  ^bb0(%c0: memref<256xi8, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 3000 : i32, slice_mem = 0 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(3000) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     D %c0 : memref<256xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [100, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %invW = torq_hl.create_invocation "W" program(%pW : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %invW : !torq_hl.invocation<slice> args(%a1 : memref<256xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %invW : !torq_hl.invocation<slice>
  return
}
