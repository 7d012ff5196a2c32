// The first-fit track is monotone in the budget: on a 16 KiB LRAM with two
// slices, the portfolio's decision under first fit commits an order at
// 17,098 cycles there that places at 16,332 offline; search (effort 3)
// extends the same first-fit descent to an order at 16,941 under first
// fit that places at 16,663 offline. The track offers the best offline
// price of every order the first-fit decision priced, not its committed
// order alone, so search commits 16,332 too: never slower than the
// portfolio. (torq-fuzz --generate 20000 --seed 103, module 6990.)
// RUN: torq-opt %s --torq-nss-pipeline='torq-hw=0:16:2:coral_v1:nss_v1 torq-oracle-steps=2000 torq-improve-moves=4000 torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio torq-prefetch-report=%t.p.json' -o /dev/null
// RUN: FileCheck %s --input-file=%t.p.json --check-prefix=PORTFOLIO
// RUN: torq-opt %s --torq-nss-pipeline='torq-hw=0:16:2:coral_v1:nss_v1 torq-oracle-steps=2000 torq-improve-moves=4000 torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3 torq-prefetch-report=%t.s.json' --torq-verify-lram='torq-hw=0:16:2:coral_v1:nss_v1' -o /dev/null
// RUN: FileCheck %s --input-file=%t.s.json --check-prefix=SEARCH
// PORTFOLIO: "after_allocation": 16332,
// PORTFOLIO: "first_fit": 17098
// SEARCH: "after_allocation": 16332,
// SEARCH: "first_fit_track": {
// SEARCH-NEXT: "after_allocation": 16332,
// SEARCH-NEXT: "decision": "committed the DMA-order descent's order (from the list start)",
// SEARCH-NEXT: "first_fit": 16941

func.func @g6990_0(%x0: memref<3973xi8>, %x2: memref<3295xi8>, %x4: memref<4942xi8>, %x7: memref<2320xi8>, %x8: memref<5802xi8>, %x11: memref<1573xi8>, %x13: memref<5922xi8>, %x16: memref<804xi8>, %x18: memref<742xi8>, %x21: memref<5809xi8>, %x23: memref<1011xi8>, %x26: memref<2903xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<3973xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<3973xi8> to %l1 : memref<3973xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3973 : i64}
  %l3 = memref.alloc() : memref<3295xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x2 : memref<3295xi8> to %l3 : memref<3295xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3295 : i64}
  %l5 = memref.alloc() : memref<4942xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x4 : memref<4942xi8> to %l5 : memref<4942xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4942 : i64}
  %l6 = memref.alloc() : memref<2320xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<3973xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<3295xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4942xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2320xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     D %a0, %a1, %a2 : memref<3973xi8, #torq_hl<enc mem_space = lram>>, memref<3295xi8, #torq_hl<enc mem_space = lram>>, memref<4942xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<2320xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1520, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l3, %l5, %l6 : memref<3973xi8, #torq_hl<enc mem_space = lram>>, memref<3295xi8, #torq_hl<enc mem_space = lram>>, memref<4942xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  torq_hl.store %l6 : memref<2320xi8, #torq_hl<enc mem_space = lram>> to %x7 : memref<2320xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2320 : i64}
  %l9 = memref.alloc() : memref<5802xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x8 : memref<5802xi8> to %l9 : memref<5802xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5802 : i64}
  %l10 = memref.alloc() : memref<657xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5802xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<2320xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<657xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0, %a1 : memref<5802xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<657xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [350, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l9, %l6, %l10 : memref<5802xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>, memref<657xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %hp17 = torq_hl.program "held1" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %hi17 = torq_hl.create_invocation "held1" program(%hp17 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %hi17 : !torq_hl.invocation<slice> args( : )
  %l12 = memref.alloc() : memref<1573xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x11 : memref<1573xi8> to %l12 : memref<1573xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1573 : i64}
  %l14 = memref.alloc() : memref<5922xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x13 : memref<5922xi8> to %l14 : memref<5922xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5922 : i64}
  %l15 = memref.alloc() : memref<153xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1573xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<5922xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2320xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<153xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1, %a2 : memref<1573xi8, #torq_hl<enc mem_space = lram>>, memref<5922xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<153xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3910, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l12, %l14, %l6, %l15 : memref<1573xi8, #torq_hl<enc mem_space = lram>>, memref<5922xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>, memref<153xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l17 = memref.alloc() : memref<804xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x16 : memref<804xi8> to %l17 : memref<804xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64: 0>, shape = array<i64: 4>, element_size_bytes = 201 : i64}
  %l19 = memref.alloc() : memref<742xi8, #torq_hl<enc mem_space = lram>>
  %v29s0 = memref.subview %x18[0] [371] [1] : memref<742xi8> to memref<371xi8, strided<[1]>>
  %v29d0 = memref.subview %l19[0] [371] [1] : memref<742xi8, #torq_hl<enc mem_space = lram>> to memref<371xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  torq_hl.load %v29s0 : memref<371xi8, strided<[1]>> to %v29d0 : memref<371xi8, strided<[1]>, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 371 : i64}
  %v29s1 = memref.subview %x18[371] [371] [1] : memref<742xi8> to memref<371xi8, strided<[1], offset: 371>>
  %v29d1 = memref.subview %l19[371] [371] [1] : memref<742xi8, #torq_hl<enc mem_space = lram>> to memref<371xi8, strided<[1], offset: 371>, #torq_hl<enc mem_space = lram>>
  torq_hl.load %v29s1 : memref<371xi8, strided<[1], offset: 371>> to %v29d1 : memref<371xi8, strided<[1], offset: 371>, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 371 : i64}
  %l20 = memref.alloc() : memref<2979xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<804xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<742xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2320xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2979xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0, %a1, %a2 : memref<804xi8, #torq_hl<enc mem_space = lram>>, memref<742xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<2979xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [673, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l17, %l19, %l6, %l20 : memref<804xi8, #torq_hl<enc mem_space = lram>>, memref<742xi8, #torq_hl<enc mem_space = lram>>, memref<2320xi8, #torq_hl<enc mem_space = lram>>, memref<2979xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l22 = memref.alloc() : memref<5809xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x21 : memref<5809xi8> to %l22 : memref<5809xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5809 : i64}
  %l24 = memref.alloc() : memref<1011xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x23 : memref<1011xi8> to %l24 : memref<1011xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1011 : i64}
  %l25 = memref.alloc() : memref<2903xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5809xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1011xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<657xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2903xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %a0, %a1, %a2 : memref<5809xi8, #torq_hl<enc mem_space = lram>>, memref<1011xi8, #torq_hl<enc mem_space = lram>>, memref<657xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<2903xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3612, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "P4" program(%p4 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l22, %l24, %l10, %l25 : memref<5809xi8, #torq_hl<enc mem_space = lram>>, memref<1011xi8, #torq_hl<enc mem_space = lram>>, memref<657xi8, #torq_hl<enc mem_space = lram>>, memref<2903xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  torq_hl.store %l25 : memref<2903xi8, #torq_hl<enc mem_space = lram>> to %x26 : memref<2903xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2903 : i64}
  return
}

