// Six weights of 150-250 KB (cargo run --example corpus -- big-weights-6-s1):
// at most two fit, and the allocator's holes decide which orders place.
func.func @big_weights_6_s1(%x0: memref<158720xi8>, %x3: memref<228352xi8>, %x6: memref<232448xi8>, %x9: memref<158720xi8>, %x12: memref<237568xi8>, %x15: memref<252928xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<158720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<158720xi8> to %l1 : memref<158720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 158720 : i64}
  %l2 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "big0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<158720xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big0"
     D %a0 : memref<158720xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [17600, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "big0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l2 : memref<158720xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l4 = memref.alloc() : memref<228352xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x3 : memref<228352xi8> to %l4 : memref<228352xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 228352 : i64}
  %l5 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "big1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<228352xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big1"
     D %a0 : memref<228352xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [22081, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "big1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l4, %l5 : memref<228352xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %l7 = memref.alloc() : memref<232448xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x6 : memref<232448xi8> to %l7 : memref<232448xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 232448 : i64}
  %l8 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "big2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<232448xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big2"
     D %a0 : memref<232448xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [29643, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "big2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l7, %l8 : memref<232448xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l10 = memref.alloc() : memref<158720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x9 : memref<158720xi8> to %l10 : memref<158720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 158720 : i64}
  %l11 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "big3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<158720xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big3"
     D %a0 : memref<158720xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [32194, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "big3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l10, %l11 : memref<158720xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l13 = memref.alloc() : memref<237568xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<237568xi8> to %l13 : memref<237568xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 237568 : i64}
  %l14 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "big4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<237568xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big4"
     D %a0 : memref<237568xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [25924, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "big4" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l13, %l14 : memref<237568xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %l16 = memref.alloc() : memref<252928xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<252928xi8> to %l16 : memref<252928xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 252928 : i64}
  %l17 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "big5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<252928xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "big5"
     D %a0 : memref<252928xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [30105, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "big5" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l16, %l17 : memref<252928xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  return
}
