// corpus::mixed_weights(12, 2): a chain of 12 programs, weights of 16-230 KiB (lit/torq-prefetch-inputs.mlir, the DMA-order descent).
func.func @mixed_weights_12(%x0: memref<31744xi8>, %x3: memref<232448xi8>, %x6: memref<235520xi8>, %x9: memref<19456xi8>, %x12: memref<16384xi8>, %x15: memref<199680xi8>, %x18: memref<63488xi8>, %x21: memref<124928xi8>, %x24: memref<152576xi8>, %x27: memref<114688xi8>, %x30: memref<228352xi8>, %x33: memref<71680xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<31744xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<31744xi8> to %l1 : memref<31744xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 31744 : i64}
  %l2 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "m0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<31744xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m0"
     D %a0 : memref<31744xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [6820, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "m0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l2 : memref<31744xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l4 = memref.alloc() : memref<232448xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x3 : memref<232448xi8> to %l4 : memref<232448xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 232448 : i64}
  %l5 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "m1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<232448xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m1"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<232448xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [47443, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "m1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l2, %l4, %l5 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<232448xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %l7 = memref.alloc() : memref<235520xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x6 : memref<235520xi8> to %l7 : memref<235520xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 235520 : i64}
  %l8 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "m2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<235520xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m2"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<235520xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [44850, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "m2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l5, %l7, %l8 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<235520xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l10 = memref.alloc() : memref<19456xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x9 : memref<19456xi8> to %l10 : memref<19456xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 19456 : i64}
  %l11 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "m3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<19456xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m3"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<19456xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2394, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "m3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l8, %l10, %l11 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<19456xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l13 = memref.alloc() : memref<16384xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<16384xi8> to %l13 : memref<16384xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16384 : i64}
  %l14 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "m4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<16384xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m4"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<16384xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2672, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "m4" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l11, %l13, %l14 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<16384xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %l16 = memref.alloc() : memref<199680xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<199680xi8> to %l16 : memref<199680xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 199680 : i64}
  %l17 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "m5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<199680xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m5"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<199680xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [26325, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "m5" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l14, %l16, %l17 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<199680xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  %l19 = memref.alloc() : memref<63488xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x18 : memref<63488xi8> to %l19 : memref<63488xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 63488 : i64}
  %l20 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p6 = torq_hl.program "m6" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<63488xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m6"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<63488xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [10292, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i6 = torq_hl.create_invocation "m6" program(%p6 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i6 : !torq_hl.invocation<slice> args(%l17, %l19, %l20 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<63488xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i6 : !torq_hl.invocation<slice>
  %l22 = memref.alloc() : memref<124928xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x21 : memref<124928xi8> to %l22 : memref<124928xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 124928 : i64}
  %l23 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p7 = torq_hl.program "m7" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<124928xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m7"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<124928xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [21472, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i7 = torq_hl.create_invocation "m7" program(%p7 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i7 : !torq_hl.invocation<slice> args(%l20, %l22, %l23 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<124928xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i7 : !torq_hl.invocation<slice>
  %l25 = memref.alloc() : memref<152576xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x24 : memref<152576xi8> to %l25 : memref<152576xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 152576 : i64}
  %l26 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p8 = torq_hl.program "m8" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<152576xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m8"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<152576xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [19370, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i8 = torq_hl.create_invocation "m8" program(%p8 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i8 : !torq_hl.invocation<slice> args(%l23, %l25, %l26 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<152576xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i8 : !torq_hl.invocation<slice>
  %l28 = memref.alloc() : memref<114688xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x27 : memref<114688xi8> to %l28 : memref<114688xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 114688 : i64}
  %l29 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p9 = torq_hl.program "m9" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<114688xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m9"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<114688xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [20048, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i9 = torq_hl.create_invocation "m9" program(%p9 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i9 : !torq_hl.invocation<slice> args(%l26, %l28, %l29 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<114688xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i9 : !torq_hl.invocation<slice>
  %l31 = memref.alloc() : memref<228352xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x30 : memref<228352xi8> to %l31 : memref<228352xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 228352 : i64}
  %l32 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p10 = torq_hl.program "m10" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<228352xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m10"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<228352xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [41255, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i10 = torq_hl.create_invocation "m10" program(%p10 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i10 : !torq_hl.invocation<slice> args(%l29, %l31, %l32 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<228352xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i10 : !torq_hl.invocation<slice>
  %l34 = memref.alloc() : memref<71680xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x33 : memref<71680xi8> to %l34 : memref<71680xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 71680 : i64}
  %l35 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p11 = torq_hl.program "m11" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<71680xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "m11"
     D %a0, %a1 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<71680xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [11200, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i11 = torq_hl.create_invocation "m11" program(%p11 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i11 : !torq_hl.invocation<slice> args(%l32, %l34, %l35 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<71680xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i11 : !torq_hl.invocation<slice>
  return
}
