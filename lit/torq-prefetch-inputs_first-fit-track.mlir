// Offline placement (the default) against first fit on a 16 KiB LRAM with
// two slices: offline's own search ends at 29,368 cycles (the DMA-order
// descent from the list start), first fit's at 28,911 (the descent from the
// input start). The offline prices a packing gave part the two decisions'
// paths, so the same decision runs under first fit (the first-fit track),
// every order it prices is priced offline too, and the best of them is
// committed at 28,527: offline never loses to first fit.
// (torq-fuzz --generate 600 --seed 77, issue 43 item 6.)
// RUN: torq-opt %s --torq-nss-pipeline='torq-hw=0:16:2:coral_v1:nss_v1 torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t.json' --torq-verify-lram='torq-hw=0:16:2:coral_v1:nss_v1' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: torq-opt %s --torq-nss-pipeline='torq-hw=0:16:2:coral_v1:nss_v1 torq-prefetch-algorithm=stream-schedule torq-placement=first-fit torq-prefetch-report=%t.ff.json' -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ff.json --check-prefix=FF
// CHECK: "after_allocation": 28527,
// CHECK: "decision": "committed the first-fit track's order (the best offline of the orders priced under first fit, where the decision committed the DMA-order descent's order (from the input start))"
// CHECK: "first_fit_track": {
// CHECK-NEXT: "after_allocation": 28527,
// CHECK-NEXT: "decision": "committed the DMA-order descent's order (from the input start)",
// CHECK-NEXT: "first_fit": 28911
// CHECK: "policy": "first-fit-track",
// FF: "after_allocation": 28911,
// FF-NOT: first_fit_track

func.func @g192_0(%x1: memref<785xi8>, %x3: memref<3379xi8>, %x5: memref<149xi8>, %x8: memref<433xi8>, %x10: memref<3810xi8>, %x12: memref<4792xi8>, %x15: memref<2463xi8>, %x19: memref<2992xi8>, %x21: memref<4206xi8>, %x24: memref<1463xi8>, %x26: memref<1559xi8>, %x28: memref<4932xi8>, %x32: memref<5339xi8>, %x34: memref<4987xi8>, %x36: memref<1974xi8>, %x39: memref<1850xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %true = arith.constant true
  %l0 = memref.alloc() : memref<1298xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1298xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     Q %a0 : memref<1298xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3909, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l0 : memref<1298xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %hp4 = torq_hl.program "held0" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %hi4 = torq_hl.create_invocation "held0" program(%hp4 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %hi4 : !torq_hl.invocation<slice> args( : )
  %l2 = memref.alloc() : memref<785xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x1 : memref<785xi8> to %l2 : memref<785xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 785 : i64}
  %l4 = memref.alloc() : memref<3379xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x3 : memref<3379xi8> to %l4 : memref<3379xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3379 : i64}
  %l6 = memref.alloc() : memref<149xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x5 : memref<149xi8> to %l6 : memref<149xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 149 : i64}
  %l7 = memref.alloc() : memref<515xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<785xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<3379xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<149xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<515xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0, %a1, %a2 : memref<785xi8, #torq_hl<enc mem_space = lram>>, memref<3379xi8, #torq_hl<enc mem_space = lram>>, memref<149xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<515xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1700, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l2, %l4, %l6, %l7 : memref<785xi8, #torq_hl<enc mem_space = lram>>, memref<3379xi8, #torq_hl<enc mem_space = lram>>, memref<149xi8, #torq_hl<enc mem_space = lram>>, memref<515xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %l9 = memref.alloc() : memref<433xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x8 : memref<433xi8> to %l9 : memref<433xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 433 : i64}
  %l11 = memref.alloc() : memref<3810xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x10 : memref<3810xi8> to %l11 : memref<3810xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3810 : i64}
  %l13 = memref.alloc() : memref<4792xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<4792xi8> to %l13 : memref<4792xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4792 : i64}
  %l14 = memref.alloc() : memref<2692xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<433xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<3810xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4792xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1298xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<2692xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1, %a2, %a3 : memref<433xi8, #torq_hl<enc mem_space = lram>>, memref<3810xi8, #torq_hl<enc mem_space = lram>>, memref<4792xi8, #torq_hl<enc mem_space = lram>>, memref<1298xi8, #torq_hl<enc mem_space = lram>>
     Q %a4 : memref<2692xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2142, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l9, %l11, %l13, %l0, %l14 : memref<433xi8, #torq_hl<enc mem_space = lram>>, memref<3810xi8, #torq_hl<enc mem_space = lram>>, memref<4792xi8, #torq_hl<enc mem_space = lram>>, memref<1298xi8, #torq_hl<enc mem_space = lram>>, memref<2692xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l16 = memref.alloc() : memref<2463xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<2463xi8> to %l16 : memref<2463xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2463 : i64}
  %l17 = memref.alloc() : memref<1823xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<2463xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<515xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<1823xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0, %a1 : memref<2463xi8, #torq_hl<enc mem_space = lram>>, memref<515xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<1823xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [507, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l16, %l7, %l17 : memref<2463xi8, #torq_hl<enc mem_space = lram>>, memref<515xi8, #torq_hl<enc mem_space = lram>>, memref<1823xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l18 = memref.alloc() : memref<2164xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<515xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1298xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2164xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %a0, %a1 : memref<515xi8, #torq_hl<enc mem_space = lram>>, memref<1298xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2164xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3449, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "P4" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l7, %l0, %l18 : memref<515xi8, #torq_hl<enc mem_space = lram>>, memref<1298xi8, #torq_hl<enc mem_space = lram>>, memref<2164xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %l20 = memref.alloc() : memref<2992xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x19 : memref<2992xi8> to %l20 : memref<2992xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2992 : i64}
  %l22 = memref.alloc() : memref<4206xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x21 : memref<4206xi8> to %l22 : memref<4206xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4206 : i64}
  %l23 = memref.alloc() : memref<1715xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "P5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<2992xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4206xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<515xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1715xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P5"
     D %a0, %a1, %a2 : memref<2992xi8, #torq_hl<enc mem_space = lram>>, memref<4206xi8, #torq_hl<enc mem_space = lram>>, memref<515xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<1715xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [874, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "P5" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l20, %l22, %l7, %l23 : memref<2992xi8, #torq_hl<enc mem_space = lram>>, memref<4206xi8, #torq_hl<enc mem_space = lram>>, memref<515xi8, #torq_hl<enc mem_space = lram>>, memref<1715xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  %l25 = memref.alloc() : memref<1463xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x24 : memref<1463xi8> to %l25 : memref<1463xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1463 : i64}
  %l27 = memref.alloc() : memref<1559xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x26 : memref<1559xi8> to %l27 : memref<1559xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1559 : i64}
  %l29 = memref.alloc() : memref<4932xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x28 : memref<4932xi8> to %l29 : memref<4932xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4932 : i64}
  %l30 = memref.alloc() : memref<1839xi8, #torq_hl<enc mem_space = lram>>
  %p6 = torq_hl.program "P6" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1463xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1559xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4932xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2164xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<1839xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P6"
     D %a0, %a1, %a2, %a3 : memref<1463xi8, #torq_hl<enc mem_space = lram>>, memref<1559xi8, #torq_hl<enc mem_space = lram>>, memref<4932xi8, #torq_hl<enc mem_space = lram>>, memref<2164xi8, #torq_hl<enc mem_space = lram>>
     Q %a4 : memref<1839xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3762, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i6 = torq_hl.create_invocation "P6" program(%p6 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i6 : !torq_hl.invocation<slice> args(%l25, %l27, %l29, %l18, %l30 : memref<1463xi8, #torq_hl<enc mem_space = lram>>, memref<1559xi8, #torq_hl<enc mem_space = lram>>, memref<4932xi8, #torq_hl<enc mem_space = lram>>, memref<2164xi8, #torq_hl<enc mem_space = lram>>, memref<1839xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i6 : !torq_hl.invocation<slice>
  %l31 = memref.alloc() : memref<853xi8, #torq_hl<enc mem_space = lram>>
  %p7 = torq_hl.program "P7" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1823xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<853xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P7"
     D %a0 : memref<1823xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<853xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1799, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i7 = torq_hl.create_invocation "P7" program(%p7 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i7 : !torq_hl.invocation<slice> args(%l17, %l31 : memref<1823xi8, #torq_hl<enc mem_space = lram>>, memref<853xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i7 : !torq_hl.invocation<slice>
  %l33 = memref.alloc() : memref<5339xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x32 : memref<5339xi8> to %l33 : memref<5339xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5339 : i64}
  %l35 = memref.alloc() : memref<4987xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x34 : memref<4987xi8> to %l35 : memref<4987xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4987 : i64}
  %l37 = memref.alloc() : memref<1974xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x36 : memref<1974xi8> to %l37 : memref<1974xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1974 : i64}
  %l38 = memref.alloc() : memref<1757xi8, #torq_hl<enc mem_space = lram>>
  %p8 = torq_hl.program "P8" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5339xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4987xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<1974xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1757xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P8"
     D %a0, %a1, %a2 : memref<5339xi8, #torq_hl<enc mem_space = lram>>, memref<4987xi8, #torq_hl<enc mem_space = lram>>, memref<1974xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<1757xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2360, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i8 = torq_hl.create_invocation "P8" program(%p8 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i8 : !torq_hl.invocation<slice> args(%l33, %l35, %l37, %l38 : memref<5339xi8, #torq_hl<enc mem_space = lram>>, memref<4987xi8, #torq_hl<enc mem_space = lram>>, memref<1974xi8, #torq_hl<enc mem_space = lram>>, memref<1757xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i8 : !torq_hl.invocation<slice>
  %l40 = memref.alloc() : memref<1850xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x39 : memref<1850xi8> to %l40 : memref<1850xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1850 : i64}
  %l41 = memref.alloc() : memref<2982xi8, #torq_hl<enc mem_space = lram>>
  %p9 = torq_hl.program "P9" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1850xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1757xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2982xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P9"
     D %a0, %a1 : memref<1850xi8, #torq_hl<enc mem_space = lram>>, memref<1757xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2982xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3868, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i9 = torq_hl.create_invocation "P9" program(%p9 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i9 : !torq_hl.invocation<slice> args(%l40, %l38, %l41 : memref<1850xi8, #torq_hl<enc mem_space = lram>>, memref<1757xi8, #torq_hl<enc mem_space = lram>>, memref<2982xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i9 : !torq_hl.invocation<slice>
  return
}

