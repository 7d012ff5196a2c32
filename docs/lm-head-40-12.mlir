func.func @lm_head_40_12_s1(%x0: memref<8192xi8>, %x3: memref<199680xi8>, %x5: memref<2048xi8>, %x7: memref<203776xi8>, %x9: memref<2048xi8>, %x11: memref<187392xi8>, %x13: memref<2048xi8>, %x15: memref<195584xi8>, %x17: memref<2048xi8>, %x19: memref<195584xi8>, %x21: memref<2048xi8>, %x23: memref<197632xi8>, %x25: memref<2048xi8>, %x27: memref<189440xi8>, %x29: memref<2048xi8>, %x31: memref<191488xi8>, %x33: memref<2048xi8>, %x35: memref<197632xi8>, %x37: memref<2048xi8>, %x39: memref<189440xi8>, %x41: memref<2048xi8>, %x43: memref<193536xi8>, %x45: memref<2048xi8>, %x47: memref<195584xi8>, %x49: memref<2048xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<8192xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<8192xi8> to %l1 : memref<8192xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 8192 : i64}
  %l2 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l4 = memref.alloc() : memref<199680xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x3 : memref<199680xi8> to %l4 : memref<199680xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 199680 : i64}
  %p0 = torq_hl.program "lm0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<199680xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm0"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<199680xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [32136, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "lm0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l4, %l2 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<199680xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  torq_hl.store %l2 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x5 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l6 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l8 = memref.alloc() : memref<203776xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x7 : memref<203776xi8> to %l8 : memref<203776xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 203776 : i64}
  %p1 = torq_hl.program "lm1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<203776xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm1"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<203776xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [27064, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "lm1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l1, %l8, %l6 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<203776xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  torq_hl.store %l6 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x9 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l10 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l12 = memref.alloc() : memref<187392xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x11 : memref<187392xi8> to %l12 : memref<187392xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 187392 : i64}
  %p2 = torq_hl.program "lm2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<187392xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm2"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<187392xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [29280, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "lm2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l1, %l12, %l10 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<187392xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  torq_hl.store %l10 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x13 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l14 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l16 = memref.alloc() : memref<195584xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<195584xi8> to %l16 : memref<195584xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 195584 : i64}
  %p3 = torq_hl.program "lm3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<195584xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm3"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [34532, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "lm3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l1, %l16, %l14 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  torq_hl.store %l14 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x17 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l18 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l20 = memref.alloc() : memref<195584xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x19 : memref<195584xi8> to %l20 : memref<195584xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 195584 : i64}
  %p4 = torq_hl.program "lm4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<195584xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm4"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [26281, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "lm4" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l1, %l20, %l18 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  torq_hl.store %l18 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x21 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l22 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l24 = memref.alloc() : memref<197632xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x23 : memref<197632xi8> to %l24 : memref<197632xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 197632 : i64}
  %p5 = torq_hl.program "lm5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<197632xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm5"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<197632xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [30262, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "lm5" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l1, %l24, %l22 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<197632xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  torq_hl.store %l22 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x25 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l26 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l28 = memref.alloc() : memref<189440xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x27 : memref<189440xi8> to %l28 : memref<189440xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 189440 : i64}
  %p6 = torq_hl.program "lm6" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<189440xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm6"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<189440xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [29304, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i6 = torq_hl.create_invocation "lm6" program(%p6 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i6 : !torq_hl.invocation<slice> args(%l1, %l28, %l26 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<189440xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i6 : !torq_hl.invocation<slice>
  torq_hl.store %l26 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x29 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l30 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l32 = memref.alloc() : memref<191488xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x31 : memref<191488xi8> to %l32 : memref<191488xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 191488 : i64}
  %p7 = torq_hl.program "lm7" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<191488xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm7"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<191488xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [30518, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i7 = torq_hl.create_invocation "lm7" program(%p7 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i7 : !torq_hl.invocation<slice> args(%l1, %l32, %l30 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<191488xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i7 : !torq_hl.invocation<slice>
  torq_hl.store %l30 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x33 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l34 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l36 = memref.alloc() : memref<197632xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x35 : memref<197632xi8> to %l36 : memref<197632xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 197632 : i64}
  %p8 = torq_hl.program "lm8" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<197632xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm8"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<197632xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [28718, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i8 = torq_hl.create_invocation "lm8" program(%p8 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i8 : !torq_hl.invocation<slice> args(%l1, %l36, %l34 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<197632xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i8 : !torq_hl.invocation<slice>
  torq_hl.store %l34 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x37 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l38 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l40 = memref.alloc() : memref<189440xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x39 : memref<189440xi8> to %l40 : memref<189440xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 189440 : i64}
  %p9 = torq_hl.program "lm9" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<189440xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm9"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<189440xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [33448, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i9 = torq_hl.create_invocation "lm9" program(%p9 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i9 : !torq_hl.invocation<slice> args(%l1, %l40, %l38 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<189440xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i9 : !torq_hl.invocation<slice>
  torq_hl.store %l38 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x41 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l42 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l44 = memref.alloc() : memref<193536xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x43 : memref<193536xi8> to %l44 : memref<193536xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 193536 : i64}
  %p10 = torq_hl.program "lm10" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<193536xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm10"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<193536xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [34776, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i10 = torq_hl.create_invocation "lm10" program(%p10 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i10 : !torq_hl.invocation<slice> args(%l1, %l44, %l42 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<193536xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i10 : !torq_hl.invocation<slice>
  torq_hl.store %l42 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x45 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  %l46 = memref.alloc() : memref<2048xi8, #torq_hl<enc mem_space = lram>>
  %l48 = memref.alloc() : memref<195584xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x47 : memref<195584xi8> to %l48 : memref<195584xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 195584 : i64}
  %p11 = torq_hl.program "lm11" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<8192xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<195584xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2048xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "lm11"
     D %a0, %a1 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<2048xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [29643, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i11 = torq_hl.create_invocation "lm11" program(%p11 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i11 : !torq_hl.invocation<slice> args(%l1, %l48, %l46 : memref<8192xi8, #torq_hl<enc mem_space = lram>>, memref<195584xi8, #torq_hl<enc mem_space = lram>>, memref<2048xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i11 : !torq_hl.invocation<slice>
  torq_hl.store %l46 : memref<2048xi8, #torq_hl<enc mem_space = lram>> to %x49 : memref<2048xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2048 : i64}
  return
}
