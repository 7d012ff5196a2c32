// The annotation reads and checks the whole function before its first
// write: when a later slice task fails, the earlier load is not annotated
// and the existing profile of the first program is not erased.
// UNSUPPORTED: foreign-host
// (The failure dump is the host's print of the function; a foreign host prints
// its torq ops in generic form, which these CHECK lines do not read.)
// RUN: not torq-opt %s --torq-annotate-dma-and-slice-cycles --mlir-print-ir-after-failure 2>&1 | FileCheck %s
// CHECK: error: torq-annotate-dma-and-slice-cycles: max_cycle 2147483648 does not fit in i32
// CHECK: IR Dump After TorqAnnotateDmaAndSliceCycles Failed
// CHECK: torq_hw.slice_profiling
// CHECK-NEXT: memory : 7 bytes
// CHECK: torq_hl.load %arg0 {{.*}} {element_size_bytes = 140 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
// CHECK-NOT: torq-async

#map = affine_map<() -> (1)>
func.func @later_task_fails(%w: memref<140xi8>) {
  %p = torq_hl.program "ok" : !torq_hl.program<slice> {
    torq_hw.slice_profiling
     memory : 7 bytes
     memory_info : ""
     max_cycle : 3
     ndl_cycles :  dedr(3) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)
    torq_hw.slice_task{
    op : "t"
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100, #map]]}]
     []
    }
    torq_hl.return
  }
  %l = memref.alloc() : memref<140xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %w : memref<140xi8> to %l : memref<140xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  %q = torq_hl.program "overflow" : !torq_hl.program<slice> {
    torq_hw.slice_task{
    op : "t"
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [65536, #map],  G(H) [32768, #map]]}]
     []
    }
    torq_hl.return
  }
  return
}
