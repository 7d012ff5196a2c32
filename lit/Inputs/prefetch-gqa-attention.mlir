// corpus::family("gqa-attention", 2, 1): two heads of GQA attention, K/V cache tiles loaded, read, updated and stored back (lit/torq-prefetch-inputs.mlir, the iterated greedy).
func.func @gqa_attention_2_s1(%x0: memref<4096xi8>, %x2: memref<50176xi8>, %x4: memref<50176xi8>, %x6: memref<10240xi8>, %x9: memref<10240xi8>, %x10: memref<10240xi8>, %x13: memref<10240xi8>, %x14: memref<5120xi8>, %x17: memref<5120xi8>, %x18: memref<14336xi8>, %x21: memref<14336xi8>, %x22: memref<80896xi8>, %x24: memref<80896xi8>, %x26: memref<4096xi8>, %x29: memref<4096xi8>, %x30: memref<7168xi8>, %x33: memref<7168xi8>, %x34: memref<9216xi8>, %x37: memref<9216xi8>, %x38: memref<14336xi8>, %x41: memref<14336xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<4096xi8> to %l1 : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %l3 = memref.alloc() : memref<50176xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x2 : memref<50176xi8> to %l3 : memref<50176xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 50176 : i64}
  %l5 = memref.alloc() : memref<50176xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x4 : memref<50176xi8> to %l5 : memref<50176xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 50176 : i64}
  %l7 = memref.alloc() : memref<10240xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x6 : memref<10240xi8> to %l7 : memref<10240xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10240 : i64}
  %l8 = memref.alloc() : memref<10240xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "attn0_0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<10240xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<10240xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn0_0"
     D %a0, %a1, %a2 : memref<10240xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<10240xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [14602, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "attn0_0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l7, %l3, %l5, %l8 : memref<10240xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<10240xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  torq_hl.store %l8 : memref<10240xi8, #torq_hl<enc mem_space = lram>> to %x9 : memref<10240xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10240 : i64}
  %l11 = memref.alloc() : memref<10240xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x10 : memref<10240xi8> to %l11 : memref<10240xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10240 : i64}
  %l12 = memref.alloc() : memref<10240xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "attn0_1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<10240xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<10240xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn0_1"
     D %a0, %a1, %a2 : memref<10240xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<10240xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [12544, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "attn0_1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l11, %l3, %l5, %l12 : memref<10240xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<10240xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  torq_hl.store %l12 : memref<10240xi8, #torq_hl<enc mem_space = lram>> to %x13 : memref<10240xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10240 : i64}
  %l15 = memref.alloc() : memref<5120xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x14 : memref<5120xi8> to %l15 : memref<5120xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5120 : i64}
  %l16 = memref.alloc() : memref<5120xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "attn0_2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<5120xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<5120xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn0_2"
     D %a0, %a1, %a2 : memref<5120xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<5120xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [7693, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "attn0_2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l15, %l3, %l5, %l16 : memref<5120xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<5120xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  torq_hl.store %l16 : memref<5120xi8, #torq_hl<enc mem_space = lram>> to %x17 : memref<5120xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 5120 : i64}
  %l19 = memref.alloc() : memref<14336xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x18 : memref<14336xi8> to %l19 : memref<14336xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 14336 : i64}
  %l20 = memref.alloc() : memref<14336xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "attn0_3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<14336xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<14336xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn0_3"
     D %a0, %a1, %a2 : memref<14336xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<14336xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [12985, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "attn0_3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l19, %l3, %l5, %l20 : memref<14336xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<14336xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  torq_hl.store %l20 : memref<14336xi8, #torq_hl<enc mem_space = lram>> to %x21 : memref<14336xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 14336 : i64}
  %p4 = torq_hl.program "update0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<50176xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<50176xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "update0"
     D %a0 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     Q %a1, %a2 : memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2146, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "update0" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l1, %l3, %l5 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>, memref<50176xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  torq_hl.store %l3 : memref<50176xi8, #torq_hl<enc mem_space = lram>> to %x2 : memref<50176xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 50176 : i64}
  torq_hl.store %l5 : memref<50176xi8, #torq_hl<enc mem_space = lram>> to %x4 : memref<50176xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 50176 : i64}
  %l23 = memref.alloc() : memref<80896xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x22 : memref<80896xi8> to %l23 : memref<80896xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 80896 : i64}
  %l25 = memref.alloc() : memref<80896xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x24 : memref<80896xi8> to %l25 : memref<80896xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 80896 : i64}
  %l27 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x26 : memref<4096xi8> to %l27 : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %l28 = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "attn1_0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn1_0"
     D %a0, %a1, %a2 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [19671, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "attn1_0" program(%p5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l27, %l23, %l25, %l28 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  torq_hl.store %l28 : memref<4096xi8, #torq_hl<enc mem_space = lram>> to %x29 : memref<4096xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %l31 = memref.alloc() : memref<7168xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x30 : memref<7168xi8> to %l31 : memref<7168xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 7168 : i64}
  %l32 = memref.alloc() : memref<7168xi8, #torq_hl<enc mem_space = lram>>
  %p6 = torq_hl.program "attn1_1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<7168xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<7168xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn1_1"
     D %a0, %a1, %a2 : memref<7168xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<7168xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [20382, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i6 = torq_hl.create_invocation "attn1_1" program(%p6 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i6 : !torq_hl.invocation<slice> args(%l31, %l23, %l25, %l32 : memref<7168xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<7168xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i6 : !torq_hl.invocation<slice>
  torq_hl.store %l32 : memref<7168xi8, #torq_hl<enc mem_space = lram>> to %x33 : memref<7168xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 7168 : i64}
  %l35 = memref.alloc() : memref<9216xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x34 : memref<9216xi8> to %l35 : memref<9216xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 9216 : i64}
  %l36 = memref.alloc() : memref<9216xi8, #torq_hl<enc mem_space = lram>>
  %p7 = torq_hl.program "attn1_2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<9216xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<9216xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn1_2"
     D %a0, %a1, %a2 : memref<9216xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<9216xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [18486, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i7 = torq_hl.create_invocation "attn1_2" program(%p7 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i7 : !torq_hl.invocation<slice> args(%l35, %l23, %l25, %l36 : memref<9216xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<9216xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i7 : !torq_hl.invocation<slice>
  torq_hl.store %l36 : memref<9216xi8, #torq_hl<enc mem_space = lram>> to %x37 : memref<9216xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 9216 : i64}
  %l39 = memref.alloc() : memref<14336xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x38 : memref<14336xi8> to %l39 : memref<14336xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 14336 : i64}
  %l40 = memref.alloc() : memref<14336xi8, #torq_hl<enc mem_space = lram>>
  %p8 = torq_hl.program "attn1_3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<14336xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<14336xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "attn1_3"
     D %a0, %a1, %a2 : memref<14336xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<14336xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [16827, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i8 = torq_hl.create_invocation "attn1_3" program(%p8 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i8 : !torq_hl.invocation<slice> args(%l39, %l23, %l25, %l40 : memref<14336xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<14336xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i8 : !torq_hl.invocation<slice>
  torq_hl.store %l40 : memref<14336xi8, #torq_hl<enc mem_space = lram>> to %x41 : memref<14336xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 14336 : i64}
  %p9 = torq_hl.program "update1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<80896xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<80896xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "update1"
     D %a0 : memref<4096xi8, #torq_hl<enc mem_space = lram>>
     Q %a1, %a2 : memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3635, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i9 = torq_hl.create_invocation "update1" program(%p9 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i9 : !torq_hl.invocation<slice> args(%l1, %l23, %l25 : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>, memref<80896xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i9 : !torq_hl.invocation<slice>
  torq_hl.store %l23 : memref<80896xi8, #torq_hl<enc mem_space = lram>> to %x22 : memref<80896xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 80896 : i64}
  torq_hl.store %l25 : memref<80896xi8, #torq_hl<enc mem_space = lram>> to %x24 : memref<80896xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 80896 : i64}
  return
}
