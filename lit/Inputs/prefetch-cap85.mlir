func.func @f(%x1: memref<306xi8>, %x3: memref<1017xi8>, %x6: memref<2179xi8>, %x7: memref<3577xi8>, %x9: memref<4972xi8>, %x12: memref<1791xi8>, %x14: memref<5217xi8>, %x16: memref<2849xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l0 = memref.alloc() : memref<1628xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1628xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     Q %a0 : memref<1628xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1671, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l0 : memref<1628xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l2 = memref.alloc() : memref<306xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x1 : memref<306xi8> to %l2 : memref<306xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 306 : i64}
  %l4 = memref.alloc() : memref<1017xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x3 : memref<1017xi8> to %l4 : memref<1017xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1017 : i64}
  %l5 = memref.alloc() : memref<2179xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<306xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1017xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<1628xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2179xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0, %a1, %a2 : memref<306xi8, #torq_hl<enc mem_space = lram>>, memref<1017xi8, #torq_hl<enc mem_space = lram>>, memref<1628xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<2179xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1359, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l2, %l4, %l0, %l5 : memref<306xi8, #torq_hl<enc mem_space = lram>>, memref<1017xi8, #torq_hl<enc mem_space = lram>>, memref<1628xi8, #torq_hl<enc mem_space = lram>>, memref<2179xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  torq_hl.store %l5 : memref<2179xi8, #torq_hl<enc mem_space = lram>> to %x6 : memref<2179xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2179 : i64}
  %l8 = memref.alloc() : memref<3577xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x7 : memref<3577xi8> to %l8 : memref<3577xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3577 : i64}
  %l10 = memref.alloc() : memref<4972xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x9 : memref<4972xi8> to %l10 : memref<4972xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4972 : i64}
  %l11 = memref.alloc() : memref<1428xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<3577xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4972xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<1628xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1428xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1, %a2 : memref<3577xi8, #torq_hl<enc mem_space = lram>>, memref<4972xi8, #torq_hl<enc mem_space = lram>>, memref<1628xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<1428xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3467, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l8, %l10, %l0, %l11 : memref<3577xi8, #torq_hl<enc mem_space = lram>>, memref<4972xi8, #torq_hl<enc mem_space = lram>>, memref<1628xi8, #torq_hl<enc mem_space = lram>>, memref<1428xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l13 = memref.alloc() : memref<1791xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<1791xi8> to %l13 : memref<1791xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1791 : i64}
  %l15 = memref.alloc() : memref<5217xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x14 : memref<5217xi8> to %l15 : memref<5217xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5217 : i64}
  %l17 = memref.alloc() : memref<2849xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x16 : memref<2849xi8> to %l17 : memref<2849xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2849 : i64}
  %l18 = memref.alloc() : memref<1912xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<1791xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<5217xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2849xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1912xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0, %a1, %a2 : memref<1791xi8, #torq_hl<enc mem_space = lram>>, memref<5217xi8, #torq_hl<enc mem_space = lram>>, memref<2849xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<1912xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1678, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l13, %l15, %l17, %l18 : memref<1791xi8, #torq_hl<enc mem_space = lram>>, memref<5217xi8, #torq_hl<enc mem_space = lram>>, memref<2849xi8, #torq_hl<enc mem_space = lram>>, memref<1912xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  return
}
