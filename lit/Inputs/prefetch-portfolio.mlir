// A generated function (cargo run --example corpus -- random 289 5) on
// which a priority other than FIFO wins after allocation.
func.func @random(%x0: memref<47173xi8>, %x4: memref<16755xi8>, %x6: memref<41423xi8>, %x8: memref<29649xi8>, %x10: memref<27599xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<47173xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<47173xi8> to %l1 : memref<47173xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 47173 : i64}
  %l2 = memref.alloc() : memref<15648xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<47173xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<15648xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     D %a0 : memref<47173xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<15648xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3221, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l2 : memref<47173xi8, #torq_hl<enc mem_space = lram>>, memref<15648xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l3 = memref.alloc() : memref<16755xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<15648xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<16755xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0 : memref<15648xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<16755xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2743, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l2, %l3 : memref<15648xi8, #torq_hl<enc mem_space = lram>>, memref<16755xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  torq_hl.store %l3 : memref<16755xi8, #torq_hl<enc mem_space = lram>> to %x4 : memref<16755xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16755 : i64}
  %l5 = memref.alloc() : memref<6533xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<16755xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<15648xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<6533xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1 : memref<16755xi8, #torq_hl<enc mem_space = lram>>, memref<15648xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<6533xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [742, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l3, %l2, %l5 : memref<16755xi8, #torq_hl<enc mem_space = lram>>, memref<15648xi8, #torq_hl<enc mem_space = lram>>, memref<6533xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l7 = memref.alloc() : memref<41423xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x6 : memref<41423xi8> to %l7 : memref<41423xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 41423 : i64}
  %l9 = memref.alloc() : memref<29649xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x8 : memref<29649xi8> to %l9 : memref<29649xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 29649 : i64}
  %l11 = memref.alloc() : memref<27599xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x10 : memref<27599xi8> to %l11 : memref<27599xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 27599 : i64}
  %l12 = memref.alloc() : memref<28110xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<41423xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<29649xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<27599xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<16755xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<28110xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0, %a1, %a2, %a3 : memref<41423xi8, #torq_hl<enc mem_space = lram>>, memref<29649xi8, #torq_hl<enc mem_space = lram>>, memref<27599xi8, #torq_hl<enc mem_space = lram>>, memref<16755xi8, #torq_hl<enc mem_space = lram>>
     Q %a4 : memref<28110xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3101, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l7, %l9, %l11, %l3, %l12 : memref<41423xi8, #torq_hl<enc mem_space = lram>>, memref<29649xi8, #torq_hl<enc mem_space = lram>>, memref<27599xi8, #torq_hl<enc mem_space = lram>>, memref<16755xi8, #torq_hl<enc mem_space = lram>>, memref<28110xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l13 = memref.alloc() : memref<13314xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<16755xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<13314xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %a0 : memref<16755xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<13314xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1850, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "P4" program(%p4 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l3, %l13 : memref<16755xi8, #torq_hl<enc mem_space = lram>>, memref<13314xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  return
}
