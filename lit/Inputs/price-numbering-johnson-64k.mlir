// A generated function (torq-fuzz --generate, seed 51, module 73, function
// 1) on which, with upstream's first-fit placement, the committed johnson
// order was priced as placeable (72596 cycles, 8 swaps) but the pipeline then
// failed to allocate it: the plain price numbered LRAM buffers by the input
// order, the IR path by the committed order, and two swap-ins before one op
// went in id order, so the two placed differently. The price now numbers
// buffers by their alloc's position in the order, as the IR path does.
func.func @g73_1(%x0: memref<218xi8>, %x2: memref<15238xi8>, %x5: memref<12084xi8>, %x7: memref<13681xi8>, %x10: memref<3110xi8>, %x12: memref<987xi8>, %x15: memref<18542xi8>, %x18: memref<22867xi8>, %x21: memref<10368xi8>, %x23: memref<20616xi8>, %x25: memref<7081xi8>, %x28: memref<8360xi8>, %x30: memref<6420xi8>, %x31: memref<18661xi8>, %x33: memref<1974xi8>, %x35: memref<4972xi8>, %x38: memref<16235xi8>, %x40: memref<14491xi8>, %x42: memref<6107xi8>, %x45: memref<802xi8>, %x47: memref<9104xi8>, %x49: memref<11906xi8>, %x52: memref<13741xi8>, %x54: memref<10036xi8>, %x56: memref<16160xi8>, %x59: memref<6843xi8>, %x62: memref<2398xi8>, %h0: memref<8xi8>, %h1: memref<8xi8>) {
  %l1 = memref.alloc() : memref<218xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x0 : memref<218xi8> to %l1 : memref<218xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 218 : i64}
  %l3 = memref.alloc() : memref<15238xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x2 : memref<15238xi8> to %l3 : memref<15238xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 15238 : i64}
  %l4 = memref.alloc() : memref<107xi8, #torq_hl<enc mem_space = lram>>
  %p0 = torq_hl.program "P0" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<218xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<15238xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<107xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P0"
     D %a0, %a1 : memref<218xi8, #torq_hl<enc mem_space = lram>>, memref<15238xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<107xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3462, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i0 = torq_hl.create_invocation "P0" program(%p0 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i0 : !torq_hl.invocation<slice> args(%l1, %l3, %l4 : memref<218xi8, #torq_hl<enc mem_space = lram>>, memref<15238xi8, #torq_hl<enc mem_space = lram>>, memref<107xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i0 : !torq_hl.invocation<slice>
  %l6 = memref.alloc() : memref<12084xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x5 : memref<12084xi8> to %l6 : memref<12084xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 12084 : i64}
  %l8 = memref.alloc() : memref<13681xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x7 : memref<13681xi8> to %l8 : memref<13681xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 13681 : i64}
  %l9 = memref.alloc() : memref<9583xi8, #torq_hl<enc mem_space = lram>>
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<12084xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<13681xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<107xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<9583xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     D %a0, %a1, %a2 : memref<12084xi8, #torq_hl<enc mem_space = lram>>, memref<13681xi8, #torq_hl<enc mem_space = lram>>, memref<107xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<9583xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [985, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l6, %l8, %l4, %l9 : memref<12084xi8, #torq_hl<enc mem_space = lram>>, memref<13681xi8, #torq_hl<enc mem_space = lram>>, memref<107xi8, #torq_hl<enc mem_space = lram>>, memref<9583xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %l11 = memref.alloc() : memref<3110xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x10 : memref<3110xi8> to %l11 : memref<3110xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 3110 : i64}
  %l13 = memref.alloc() : memref<987xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x12 : memref<987xi8> to %l13 : memref<987xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 987 : i64}
  %l14 = memref.alloc() : memref<3930xi8, #torq_hl<enc mem_space = lram>>
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<3110xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<987xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<107xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<3930xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %a0, %a1, %a2 : memref<3110xi8, #torq_hl<enc mem_space = lram>>, memref<987xi8, #torq_hl<enc mem_space = lram>>, memref<107xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<3930xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2575, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l11, %l13, %l4, %l14 : memref<3110xi8, #torq_hl<enc mem_space = lram>>, memref<987xi8, #torq_hl<enc mem_space = lram>>, memref<107xi8, #torq_hl<enc mem_space = lram>>, memref<3930xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %l16 = memref.alloc() : memref<18542xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x15 : memref<18542xi8> to %l16 : memref<18542xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 18542 : i64}
  %l17 = memref.alloc() : memref<4851xi8, #torq_hl<enc mem_space = lram>>
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<18542xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<9583xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4851xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %a0, %a1 : memref<18542xi8, #torq_hl<enc mem_space = lram>>, memref<9583xi8, #torq_hl<enc mem_space = lram>>
     Q %a2 : memref<4851xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3927, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l16, %l9, %l17 : memref<18542xi8, #torq_hl<enc mem_space = lram>>, memref<9583xi8, #torq_hl<enc mem_space = lram>>, memref<4851xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %l19 = memref.alloc() : memref<22867xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x18 : memref<22867xi8> to %l19 : memref<22867xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 22867 : i64}
  %l20 = memref.alloc() : memref<10945xi8, #torq_hl<enc mem_space = lram>>
  %p4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<22867xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<10945xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %a0 : memref<22867xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<10945xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3750, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i4 = torq_hl.create_invocation "P4" program(%p4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l19, %l20 : memref<22867xi8, #torq_hl<enc mem_space = lram>>, memref<10945xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %l22 = memref.alloc() : memref<10368xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x21 : memref<10368xi8> to %l22 : memref<10368xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10368 : i64}
  %l24 = memref.alloc() : memref<20616xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x23 : memref<20616xi8> to %l24 : memref<20616xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 20616 : i64}
  %l26 = memref.alloc() : memref<7081xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x25 : memref<7081xi8> to %l26 : memref<7081xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 7081 : i64}
  %l27 = memref.alloc() : memref<8360xi8, #torq_hl<enc mem_space = lram>>
  %p5 = torq_hl.program "P5" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<10368xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<20616xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<7081xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<9583xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<8360xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P5"
     D %a0, %a1, %a2, %a3 : memref<10368xi8, #torq_hl<enc mem_space = lram>>, memref<20616xi8, #torq_hl<enc mem_space = lram>>, memref<7081xi8, #torq_hl<enc mem_space = lram>>, memref<9583xi8, #torq_hl<enc mem_space = lram>>
     Q %a4 : memref<8360xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2515, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i5 = torq_hl.create_invocation "P5" program(%p5 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l22, %l24, %l26, %l9, %l27 : memref<10368xi8, #torq_hl<enc mem_space = lram>>, memref<20616xi8, #torq_hl<enc mem_space = lram>>, memref<7081xi8, #torq_hl<enc mem_space = lram>>, memref<9583xi8, #torq_hl<enc mem_space = lram>>, memref<8360xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  torq_hl.store %l27 : memref<8360xi8, #torq_hl<enc mem_space = lram>> to %x28 : memref<8360xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 8360 : i64}
  %l29 = memref.alloc() : memref<6420xi8, #torq_hl<enc mem_space = lram>>
  %p6 = torq_hl.program "P6" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<10945xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<6420xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P6"
     D %a0 : memref<10945xi8, #torq_hl<enc mem_space = lram>>
     Q %a1 : memref<6420xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [582, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i6 = torq_hl.create_invocation "P6" program(%p6 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i6 : !torq_hl.invocation<slice> args(%l20, %l29 : memref<10945xi8, #torq_hl<enc mem_space = lram>>, memref<6420xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i6 : !torq_hl.invocation<slice>
  torq_hl.store %l29 : memref<6420xi8, #torq_hl<enc mem_space = lram>> to %x30 : memref<6420xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6420 : i64}
  %l32 = memref.alloc() : memref<18661xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x31 : memref<18661xi8> to %l32 : memref<18661xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 18661 : i64}
  %l34 = memref.alloc() : memref<1974xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x33 : memref<1974xi8> to %l34 : memref<1974xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1974 : i64}
  %l36 = memref.alloc() : memref<4972xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x35 : memref<4972xi8> to %l36 : memref<4972xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4972 : i64}
  %l37 = memref.alloc() : memref<1914xi8, #torq_hl<enc mem_space = lram>>
  %p7 = torq_hl.program "P7" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<18661xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<1974xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<4972xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<6420xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<1914xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P7"
     D %a0, %a1, %a2, %a3 : memref<18661xi8, #torq_hl<enc mem_space = lram>>, memref<1974xi8, #torq_hl<enc mem_space = lram>>, memref<4972xi8, #torq_hl<enc mem_space = lram>>, memref<6420xi8, #torq_hl<enc mem_space = lram>>
     Q %a4 : memref<1914xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3408, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i7 = torq_hl.create_invocation "P7" program(%p7 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i7 : !torq_hl.invocation<slice> args(%l32, %l34, %l36, %l29, %l37 : memref<18661xi8, #torq_hl<enc mem_space = lram>>, memref<1974xi8, #torq_hl<enc mem_space = lram>>, memref<4972xi8, #torq_hl<enc mem_space = lram>>, memref<6420xi8, #torq_hl<enc mem_space = lram>>, memref<1914xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i7 : !torq_hl.invocation<slice>
  %l39 = memref.alloc() : memref<16235xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x38 : memref<16235xi8> to %l39 : memref<16235xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16235 : i64}
  %l41 = memref.alloc() : memref<14491xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x40 : memref<14491xi8> to %l41 : memref<14491xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 14491 : i64}
  %l43 = memref.alloc() : memref<6107xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x42 : memref<6107xi8> to %l43 : memref<6107xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6107 : i64}
  %l44 = memref.alloc() : memref<2178xi8, #torq_hl<enc mem_space = lram>>
  %p8 = torq_hl.program "P8" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<16235xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<14491xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<6107xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<2178xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P8"
     D %a0, %a1, %a2 : memref<16235xi8, #torq_hl<enc mem_space = lram>>, memref<14491xi8, #torq_hl<enc mem_space = lram>>, memref<6107xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<2178xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1462, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i8 = torq_hl.create_invocation "P8" program(%p8 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i8 : !torq_hl.invocation<slice> args(%l39, %l41, %l43, %l44 : memref<16235xi8, #torq_hl<enc mem_space = lram>>, memref<14491xi8, #torq_hl<enc mem_space = lram>>, memref<6107xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i8 : !torq_hl.invocation<slice>
  %l46 = memref.alloc() : memref<802xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x45 : memref<802xi8> to %l46 : memref<802xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 802 : i64}
  %l48 = memref.alloc() : memref<9104xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x47 : memref<9104xi8> to %l48 : memref<9104xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 9104 : i64}
  %l50 = memref.alloc() : memref<11906xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x49 : memref<11906xi8> to %l50 : memref<11906xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 11906 : i64}
  %l51 = memref.alloc() : memref<11010xi8, #torq_hl<enc mem_space = lram>>
  %p9 = torq_hl.program "P9" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<802xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<9104xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<11906xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<11010xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P9"
     D %a0, %a1, %a2 : memref<802xi8, #torq_hl<enc mem_space = lram>>, memref<9104xi8, #torq_hl<enc mem_space = lram>>, memref<11906xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<11010xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [214, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i9 = torq_hl.create_invocation "P9" program(%p9 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i9 : !torq_hl.invocation<slice> args(%l46, %l48, %l50, %l51 : memref<802xi8, #torq_hl<enc mem_space = lram>>, memref<9104xi8, #torq_hl<enc mem_space = lram>>, memref<11906xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i9 : !torq_hl.invocation<slice>
  %l53 = memref.alloc() : memref<13741xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x52 : memref<13741xi8> to %l53 : memref<13741xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 13741 : i64}
  %l55 = memref.alloc() : memref<10036xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x54 : memref<10036xi8> to %l55 : memref<10036xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 10036 : i64}
  %l57 = memref.alloc() : memref<16160xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x56 : memref<16160xi8> to %l57 : memref<16160xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16160 : i64}
  %l58 = memref.alloc() : memref<764xi8, #torq_hl<enc mem_space = lram>>
  %p10 = torq_hl.program "P10" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<13741xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<10036xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<16160xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<11010xi8, #torq_hl<enc mem_space = lram>>, %a4: memref<2178xi8, #torq_hl<enc mem_space = lram>>, %a5: memref<764xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P10"
     D %a0, %a1, %a2, %a3, %a4 : memref<13741xi8, #torq_hl<enc mem_space = lram>>, memref<10036xi8, #torq_hl<enc mem_space = lram>>, memref<16160xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>
     Q %a5 : memref<764xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [426, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i10 = torq_hl.create_invocation "P10" program(%p10 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i10 : !torq_hl.invocation<slice> args(%l53, %l55, %l57, %l51, %l44, %l58 : memref<13741xi8, #torq_hl<enc mem_space = lram>>, memref<10036xi8, #torq_hl<enc mem_space = lram>>, memref<16160xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>, memref<764xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i10 : !torq_hl.invocation<slice>
  %l60 = memref.alloc() : memref<6843xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x59 : memref<6843xi8> to %l60 : memref<6843xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 6843 : i64}
  %l61 = memref.alloc() : memref<10003xi8, #torq_hl<enc mem_space = lram>>
  %p11 = torq_hl.program "P11" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<6843xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<11010xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2178xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<10003xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P11"
     D %a0, %a1, %a2 : memref<6843xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<10003xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [1073, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i11 = torq_hl.create_invocation "P11" program(%p11 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i11 : !torq_hl.invocation<slice> args(%l60, %l51, %l44, %l61 : memref<6843xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>, memref<10003xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i11 : !torq_hl.invocation<slice>
  %l63 = memref.alloc() : memref<2398xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x62 : memref<2398xi8> to %l63 : memref<2398xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 2398 : i64}
  %l64 = memref.alloc() : memref<1786xi8, #torq_hl<enc mem_space = lram>>
  %p12 = torq_hl.program "P12" : !torq_hl.program<slice> {
  ^bb0(%a0: memref<2398xi8, #torq_hl<enc mem_space = lram>>, %a1: memref<11010xi8, #torq_hl<enc mem_space = lram>>, %a2: memref<2178xi8, #torq_hl<enc mem_space = lram>>, %a3: memref<1786xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P12"
     D %a0, %a1, %a2 : memref<2398xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>
     Q %a3 : memref<1786xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [3139, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i12 = torq_hl.create_invocation "P12" program(%p12 : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i12 : !torq_hl.invocation<slice> args(%l63, %l51, %l44, %l64 : memref<2398xi8, #torq_hl<enc mem_space = lram>>, memref<11010xi8, #torq_hl<enc mem_space = lram>>, memref<2178xi8, #torq_hl<enc mem_space = lram>>, memref<1786xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i12 : !torq_hl.invocation<slice>
  return
}

