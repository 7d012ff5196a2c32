// Diagnostics of torq-annotate-dma-and-slice-cycles: located, and the IR is left as it was.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-annotate-dma-and-slice-cycles
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-annotate-dma-and-slice-cycles='torq-hw=0:8:2:coral_v1:nss_v1'

func.func @task_outside_program(%q: memref<4xi8, #torq_hl<enc mem_space = lram>>) {
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: torq_hw.slice_task must be inside a torq_hl.program}}
  torq_hw.slice_task{
  op : "t"
   Q %q : memref<4xi8, #torq_hl<enc mem_space = lram>>
   CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
   []
   []
  }
  return
}

// -----

#map = affine_map<() -> (1)>
// 2^31 cycles do not fit the i32 max_cycle of slice_profiling.
func.func @overflow() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: max_cycle 2147483648 does not fit in i32}}
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

// -----

// The encoded sizes of a task's operands must fit slice_mem (i32).
func.func @huge_operand() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
  ^bb0(%q: memref<1073741824x4xi8, #torq_hl<enc mem_space = lram>>):
    // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: slice_mem 4294967296 does not fit in i32}}
    torq_hw.slice_task{
    op : "t"
     Q %q : memref<1073741824x4xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     []
     []
    }
    torq_hl.return
  }
  return
}

// -----

// One rule for an annotation the input already has, in every pass and
// pipeline: the annotation recomputes it, but a negative count is an error
// here as in PrefetchInputs, not overwritten.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @negative_duration(%x: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: `torq-async-duration-cycles` = -100 is negative}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, "torq-async-duration-cycles" = -100 : i64}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @negative_bytes(%x: !X) {
  %a = memref.alloc() : !L
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: `torq-async-bytes` = -1 is negative}}
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, "torq-async-bytes" = -1 : i64}
  return
}
