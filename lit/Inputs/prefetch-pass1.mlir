func.func @f(%x0: memref<9813xi8>, %x2: memref<9210xi8>, %x5: memref<5408xi8>, %x8: memref<6657xi8>, %x10: memref<2147xi8>, %x12: memref<10221xi8>, %x15: memref<7864xi8>, %x19: memref<2468xi8>, %x21: memref<6289xi8>, %x23: memref<6283xi8>, %x26: memref<2042xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<9813xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<9813xi8> to %l1 : memref<9813xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 9813 : i64}
  %l3 = memref.alloc() : memref<9210xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x2 : memref<9210xi8> to %l3 : memref<9210xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 9210 : i64}
  %l4 = memref.alloc() : memref<5081xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<9813xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<9210xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<5081xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     D %a0, %a1 : memref<9813xi8, #torq_hl<enc mem_space = lram>>, memref<9210xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<5081xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3343, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l3, %l4 : memref<9813xi8, #torq_hl<enc mem_space = lram>>, memref<9210xi8, #torq_hl<enc mem_space = lram>>, memref<5081xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l6 = memref.alloc() : memref<5408xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x5 : memref<5408xi8> to %l6 : memref<5408xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5408 : i64}
  %l7 = memref.alloc() : memref<5285xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5408xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<5081xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<5285xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0, %a1 : memref<5408xi8, #torq_hl<enc mem_space = lram>>, memref<5081xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<5285xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2924, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l6, %l4, %l7 : memref<5408xi8, #torq_hl<enc mem_space = lram>>, memref<5081xi8, #torq_hl<enc mem_space = lram>>, memref<5285xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %l9 = memref.alloc() : memref<6657xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x8 : memref<6657xi8> to %l9 : memref<6657xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6657 : i64}
  %l11 = memref.alloc() : memref<2147xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x10 : memref<2147xi8> to %l11 : memref<2147xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2147 : i64}
  %l13 = memref.alloc() : memref<10221xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<10221xi8> to %l13 : memref<10221xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10221 : i64}
  %l14 = memref.alloc() : memref<115xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<6657xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<2147xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<10221xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<5285xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<5081xi8, #torq_hl<enc mem_space = lram>>, %a5: memref<115xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1, %a2, %a3, %a4 : memref<6657xi8, #torq_hl<enc mem_space = lram>>, memref<2147xi8, #torq_hl<enc mem_space = lram>>, memref<10221xi8, #torq_hl<enc mem_space = lram>>, memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<5081xi8, #torq_hl<enc mem_space = lram>>
     Q %a5 : memref<115xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1449, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l9, %l11, %l13, %l7, %l4, %l14 : memref<6657xi8, #torq_hl<enc mem_space = lram>>, memref<2147xi8, #torq_hl<enc mem_space = lram>>, memref<10221xi8, #torq_hl<enc mem_space = lram>>, memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<5081xi8, #torq_hl<enc mem_space = lram>>, memref<115xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l16 = memref.alloc() : memref<7864xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<7864xi8> to %l16 : memref<7864xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 7864 : i64}
  %l17 = memref.alloc() : memref<1155xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<7864xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1155xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0 : memref<7864xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<1155xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1391, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l16, %l17 : memref<7864xi8, #torq_hl<enc mem_space = lram>>, memref<1155xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l18 = memref.alloc() : memref<4517xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5285xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1155xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4517xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %a0, %a1 : memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<1155xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4517xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1499, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "P4" program(%p4 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l7, %l17, %l18 : memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<1155xi8, #torq_hl<enc mem_space = lram>>, memref<4517xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %l20 = memref.alloc() : memref<2468xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x19 : memref<2468xi8> to %l20 : memref<2468xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2468 : i64}
  %l22 = memref.alloc() : memref<6289xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x21 : memref<6289xi8> to %l22 : memref<6289xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6289 : i64}
  %l24 = memref.alloc() : memref<6283xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x23 : memref<6283xi8> to %l24 : memref<6283xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6283 : i64}
  %l25 = memref.alloc() : memref<2042xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "P5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<2468xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<6289xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<6283xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<5285xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<115xi8, #torq_hl<enc mem_space = lram>>, %a5: memref<2042xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P5"
     D %a0, %a1, %a2, %a3, %a4 : memref<2468xi8, #torq_hl<enc mem_space = lram>>, memref<6289xi8, #torq_hl<enc mem_space = lram>>, memref<6283xi8, #torq_hl<enc mem_space = lram>>, memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<115xi8, #torq_hl<enc mem_space = lram>>
     Q %a5 : memref<2042xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2184, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "P5" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l20, %l22, %l24, %l7, %l14, %l25 : memref<2468xi8, #torq_hl<enc mem_space = lram>>, memref<6289xi8, #torq_hl<enc mem_space = lram>>, memref<6283xi8, #torq_hl<enc mem_space = lram>>, memref<5285xi8, #torq_hl<enc mem_space = lram>>, memref<115xi8, #torq_hl<enc mem_space = lram>>, memref<2042xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  torq_hl.store %l25 : memref<2042xi8, #torq_hl<enc mem_space = lram>> to %x26 : memref<2042xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2042 : i64}
  return
}
