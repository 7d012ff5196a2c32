// Worked example 2 of the spec (section 7): one slice, cap ~100 KB (a 101 KB
// target: 102144 usable bytes), prefetch cap 40%, one urgent start. P1 runs
// with its 30 KB output live; P2..P5 each load a 30 KB weight and write a
// 30 KB output. L2 is urgent and fits (30 + 30 + 0 = 60 KB <= 100); L3 is a
// prefetch: 60 + 30 + 30 (P2's output, the reserve) = 120 KB > 40: held back
// until P2 has started and P3 is next.
func.func @worked_example_2(%w2: memref<30720xi8>, %w3: memref<30720xi8>, %w4: memref<30720xi8>, %w5: memref<30720xi8>) {
  %P1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%q0: memref<30720xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P1"
     Q %q0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100000, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %o1 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  %i1 = torq_hl.create_invocation "P1" program(%P1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%o1 : memref<30720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  %P2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%r0: memref<30720xi8, #torq_hl<enc mem_space = lram>>, %q0: memref<30720xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P2"
     D %r0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     Q %q0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100000, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %l2 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %w2 : memref<30720xi8> to %l2 : memref<30720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 30720 : i64}
  %o2 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  %i2 = torq_hl.create_invocation "P2" program(%P2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l2, %o2 : memref<30720xi8, #torq_hl<enc mem_space = lram>>, memref<30720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  %P3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%r0: memref<30720xi8, #torq_hl<enc mem_space = lram>>, %q0: memref<30720xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P3"
     D %r0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     Q %q0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100000, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %l3 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %w3 : memref<30720xi8> to %l3 : memref<30720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 30720 : i64}
  %o3 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  %i3 = torq_hl.create_invocation "P3" program(%P3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l3, %o3 : memref<30720xi8, #torq_hl<enc mem_space = lram>>, memref<30720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  %P4 = torq_hl.program "P4" : !torq_hl.program<slice> {
  ^bb0(%r0: memref<30720xi8, #torq_hl<enc mem_space = lram>>, %q0: memref<30720xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P4"
     D %r0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     Q %q0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100000, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %l4 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %w4 : memref<30720xi8> to %l4 : memref<30720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 30720 : i64}
  %o4 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  %i4 = torq_hl.create_invocation "P4" program(%P4 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l4, %o4 : memref<30720xi8, #torq_hl<enc mem_space = lram>>, memref<30720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  %P5 = torq_hl.program "P5" : !torq_hl.program<slice> {
  ^bb0(%r0: memref<30720xi8, #torq_hl<enc mem_space = lram>>, %q0: memref<30720xi8, #torq_hl<enc mem_space = lram>>):
    torq_hw.slice_task{
    op : "P5"
     D %r0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     Q %q0 : memref<30720xi8, #torq_hl<enc mem_space = lram>>
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100000, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %l5 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %w5 : memref<30720xi8> to %l5 : memref<30720xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 30720 : i64}
  %o5 = memref.alloc() : memref<30720xi8, #torq_hl<enc mem_space = lram>>
  %i5 = torq_hl.create_invocation "P5" program(%P5 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l5, %o5 : memref<30720xi8, #torq_hl<enc mem_space = lram>>, memref<30720xi8, #torq_hl<enc mem_space = lram>>)
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  return
}
