// Diagnostics of torq-annotate-dma-and-slice-cycles: located, and the IR is left as it was.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-annotate-dma-and-slice-cycles
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-annotate-dma-and-slice-cycles='torq-hw=0:8:2:coral_v1:nss_v1'

func.func @task_outside_program(%q: memref<4xi8, #torq_hl<enc mem_space = lram>>) {
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: torq_hw.slice_task must be inside a torq_hl.program}}
  torq_hw.slice_task "t" q(%q : memref<4xi8, #torq_hl<enc mem_space = lram>>) mem_ndls [] reg_ndls []
  return
}

// -----

// 2^31 cycles do not fit the i32 max_cycle of slice_profiling.
// expected-error @+1 {{torq-annotate-dma-and-slice-cycles: max_cycle 2147483648 overflows i32}}
func.func @overflow() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hw.slice_task "t" mem_ndls [#torq_hw<ndl dedr [H D 65536, H G 32768]>] reg_ndls []
    torq_hl.return
  }
  return
}
