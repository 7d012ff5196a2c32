// Under offline placement (the default) the DMA-order descent also runs from
// the list stage's choice with its neighbours priced by first fit, where the
// bound leaves more than the oracle's gap: offline packing prices the list
// order at 151,539 cycles and none of its neighbours lower, while first fit's
// worse price of it (249,381) lets a descent through that ends at 127,180
// under offline placement; the oracle and the improvement search go on from
// there. First fit alone (torq-placement=first-fit) commits 126,041.
// (Reproducer round5/seed64754 @f64754_1, issue 43 item 6.)
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t.json' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-placement=first-fit torq-prefetch-report=%t.ff.json' -o /dev/null
// RUN: FileCheck %s --input-file=%t.ff.json --check-prefix=FF
// CHECK: "after_allocation": 124564,
// CHECK: "polish_first_fit": {
// CHECK-NEXT: "best": 127180,
// CHECK-NEXT: "from": 151539,
// FF: "after_allocation": 126041,
// FF-NOT: polish_first_fit

#one = affine_map<() -> (1)>
func.func @f64754_1(%x0: memref<720xi8>, %x1: memref<4x106xi8>, %x2: memref<207xi8>, %x3: memref<4x106xi8>, %x4: memref<38086xbf16>, %x5: memref<4x148xi8>, %x6: memref<302649xi8>, %x7: memref<16x6xi8>, %x8: memref<89235xbf16>, %x9: memref<6844xf16>) {
  %a1 = memref.alloc() : memref<38086xbf16, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x4 : memref<38086xbf16> to %a1 : memref<38086xbf16, #torq_hl<enc mem_space = lram>> {element_size_bytes = 76172 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %a2 = memref.alloc() : memref<4x148xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x5 : memref<4x148xi8> to %a2 : memref<4x148xi8, #torq_hl<enc mem_space = lram>> {element_size_bytes = 148 : i64, input_strides_bytes = array<i64: 148>, shape = array<i64: 4>}
  %a19 = memref.alloc() : memref<302649xi8, #torq_hl<enc mem_space = lram padding = 1>>
  torq_hl.load %x6 : memref<302649xi8> to %a19 : memref<302649xi8, #torq_hl<enc mem_space = lram padding = 1>> {element_size_bytes = 302649 : i64, input_strides_bytes = array<i64>, shape = array<i64>, unsafe = true}
  %a20 = memref.alloc() : memref<16x6xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x7 : memref<16x6xi8> to %a20 : memref<16x6xi8, #torq_hl<enc mem_space = lram>> {element_size_bytes = 6 : i64, input_strides_bytes = array<i64: 6>, shape = array<i64: 16>}
  %a21 = memref.alloc() : memref<89235xbf16, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x8 : memref<89235xbf16> to %a21 : memref<89235xbf16, #torq_hl<enc mem_space = lram>> {element_size_bytes = 178470 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %a26 = memref.alloc() : memref<6844xf16, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x9 : memref<6844xf16> to %a26 : memref<6844xf16, #torq_hl<enc mem_space = lram>> {element_size_bytes = 13688 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %a3 = memref.alloc() : memref<8014xi32, #torq_hl<enc mem_space = lram padding = 64>>
  %p4 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<38086xbf16, #torq_hl<enc mem_space = lram>>, %b1: memref<4x148xi8, #torq_hl<enc mem_space = lram>>, %b2: memref<8014xi32, #torq_hl<enc mem_space = lram padding = 64>>):
    "torq_hw.slice_profiling"() <{max_cycle = 57983 : i32, slice_mem = 109076 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(57983) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hl.return
  }
  %inv5 = torq_hl.create_invocation "P0" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv5 : !torq_hl.invocation<slice> args(%a1, %a2, %a3 : memref<38086xbf16, #torq_hl<enc mem_space = lram>>, memref<4x148xi8, #torq_hl<enc mem_space = lram>>, memref<8014xi32, #torq_hl<enc mem_space = lram padding = 64>>)
  torq_hl.wait_program %inv5 : !torq_hl.invocation<slice>
  %a6 = memref.alloc() : memref<8851xi8, #torq_hl<enc mem_space = lram>>
  %a7 = memref.alloc() : memref<720xi8, #torq_hl<enc mem_space = lram>>
  %a8 = memref.alloc() : memref<6033xi8, #torq_hl<enc mem_space = lram>>
  %a9 = memref.alloc() : memref<1904xf32, #torq_hl<enc mem_space = lram>>
  %a10 = memref.alloc() : memref<469xi8, #torq_hl<enc mem_space = lram>>
  %a11 = memref.alloc() : memref<16x1780xf16, #torq_hl<enc mem_space = lram>>
  %p12 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<8851xi8, #torq_hl<enc mem_space = lram>>, %b1: memref<720xi8, #torq_hl<enc mem_space = lram>>, %b2: memref<6033xi8, #torq_hl<enc mem_space = lram>>, %b3: memref<1904xf32, #torq_hl<enc mem_space = lram>>, %b4: memref<469xi8, #torq_hl<enc mem_space = lram>>, %b5: memref<16x1780xf16, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 4752 : i32, slice_mem = 80649 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(4752) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     Q %b0, %b1, %b2, %b3, %b4, %b5 : memref<8851xi8, #torq_hl<enc mem_space = lram>>, memref<720xi8, #torq_hl<enc mem_space = lram>>, memref<6033xi8, #torq_hl<enc mem_space = lram>>, memref<1904xf32, #torq_hl<enc mem_space = lram>>, memref<469xi8, #torq_hl<enc mem_space = lram>>, memref<16x1780xf16, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [4752, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %inv13 = torq_hl.create_invocation "P1" program(%p12 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv13 : !torq_hl.invocation<slice> args(%a6, %a7, %a8, %a9, %a10, %a11 : memref<8851xi8, #torq_hl<enc mem_space = lram>>, memref<720xi8, #torq_hl<enc mem_space = lram>>, memref<6033xi8, #torq_hl<enc mem_space = lram>>, memref<1904xf32, #torq_hl<enc mem_space = lram>>, memref<469xi8, #torq_hl<enc mem_space = lram>>, memref<16x1780xf16, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %inv13 : !torq_hl.invocation<slice>
  torq_hl.store %a7 : memref<720xi8, #torq_hl<enc mem_space = lram>> to %x0 : memref<720xi8> {element_size_bytes = 720 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  %a14 = memref.alloc() : memref<4713xi8, #torq_hl<enc mem_space = lram>>
  %a15 = memref.alloc() : memref<207xi8, #torq_hl<enc mem_space = lram>>
  %a16 = memref.alloc() : memref<3868xi8, #torq_hl<enc mem_space = lram>>
  %p17 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<4713xi8, #torq_hl<enc mem_space = lram>>, %b1: memref<207xi8, #torq_hl<enc mem_space = lram>>, %b2: memref<3868xi8, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 127 : i32, slice_mem = 8788 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(127) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     Q %b0, %b1, %b2 : memref<4713xi8, #torq_hl<enc mem_space = lram>>, memref<207xi8, #torq_hl<enc mem_space = lram>>, memref<3868xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [127, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %inv18 = torq_hl.create_invocation "P2" program(%p17 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv18 : !torq_hl.invocation<slice> args(%a14, %a15, %a16 : memref<4713xi8, #torq_hl<enc mem_space = lram>>, memref<207xi8, #torq_hl<enc mem_space = lram>>, memref<3868xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %inv18 : !torq_hl.invocation<slice>
  %p22 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<302649xi8, #torq_hl<enc mem_space = lram padding = 1>>, %b1: memref<16x6xi8, #torq_hl<enc mem_space = lram>>, %b2: memref<89235xbf16, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 4313 : i32, slice_mem = 481216 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(4313) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     W %b0, %b1, %b2 : memref<302649xi8, #torq_hl<enc mem_space = lram padding = 1>>, memref<16x6xi8, #torq_hl<enc mem_space = lram>>, memref<89235xbf16, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [4313, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %inv23 = torq_hl.create_invocation "P3" program(%p22 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv23 : !torq_hl.invocation<slice> args(%a19, %a20, %a21 : memref<302649xi8, #torq_hl<enc mem_space = lram padding = 1>>, memref<16x6xi8, #torq_hl<enc mem_space = lram>>, memref<89235xbf16, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %inv23 : !torq_hl.invocation<slice>
  %p24 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<720xi8, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 4506 : i32, slice_mem = 720 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(4506) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     D %b0 : memref<720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [4506, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %inv25 = torq_hl.create_invocation "P4" program(%p24 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv25 : !torq_hl.invocation<slice> args(%a7 : memref<720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %inv25 : !torq_hl.invocation<slice>
  %a27 = memref.alloc() : memref<4x106xi8, #torq_hl<enc mem_space = lram>>
  %p28 = torq_hl.program "P5" : !torq_hl.program<slice> {
  ^bb0(%b0: memref<16x1780xf16, #torq_hl<enc mem_space = lram>>, %b1: memref<6033xi8, #torq_hl<enc mem_space = lram>>, %b2: memref<6844xf16, #torq_hl<enc mem_space = lram>>, %b3: memref<4x106xi8, #torq_hl<enc mem_space = lram>>):
    "torq_hw.slice_profiling"() <{max_cycle = 2638 : i32, slice_mem = 77105 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(2638) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hw.slice_task{
    op : "conv"
     W %b0, %b1, %b2 : memref<16x1780xf16, #torq_hl<enc mem_space = lram>>, memref<6033xi8, #torq_hl<enc mem_space = lram>>, memref<6844xf16, #torq_hl<enc mem_space = lram>>
     Q %b3 : memref<4x106xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ B(L) [4, #one],  X(H) [2638, #one]]}, {REF dims = []}]
     [{CEDW dims = [ B(L) [4, 1],  T(H) [1, 0]]}]
    }
    torq_hl.return
  }
  %inv29 = torq_hl.create_invocation "P5" program(%p28 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %inv29 : !torq_hl.invocation<slice> args(%a11, %a8, %a26, %a27 : memref<16x1780xf16, #torq_hl<enc mem_space = lram>>, memref<6033xi8, #torq_hl<enc mem_space = lram>>, memref<6844xf16, #torq_hl<enc mem_space = lram>>, memref<4x106xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %inv29 : !torq_hl.invocation<slice>
  torq_hl.store %a27 : memref<4x106xi8, #torq_hl<enc mem_space = lram>> to %x1 : memref<4x106xi8> {element_size_bytes = 424 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a15 : memref<207xi8, #torq_hl<enc mem_space = lram>> to %x2 : memref<207xi8> {element_size_bytes = 207 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a27 : memref<4x106xi8, #torq_hl<enc mem_space = lram>> to %x3 : memref<4x106xi8> {element_size_bytes = 424 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}
