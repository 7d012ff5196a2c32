// Worked example 1 of the spec (section 6), in upstream syntax.
//
// Three slice programs of 100 cycles each (one NDL of 100 H steps); P1 and P2
// are independent, P3 reads P1's output. Each program's weights come in by a
// 140-byte load (ceil(140 / 4.754) = 30 cycles at MTU 4); P3's output leaves
// by a 95-byte store (20 cycles). In this input order the DMA engine and the
// slices take turns: makespan 410 cycles.

!W = memref<140xi8>
!WL = memref<140xi8, #torq_hl<enc mem_space = lram>>
!O = memref<95xi8, #torq_hl<enc mem_space = lram>>
!OX = memref<95xi8>

func.func @worked_example_1(%w1: !W, %w2: !W, %w3: !W, %out: !OX) {
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %o: !O):
    torq_hw.slice_task "P1" w(%w : !WL) q(%o : !O) mem_ndls [#torq_hw<ndl dedr [H D 100]>] reg_ndls []
    torq_hl.return
  }
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %o: !O):
    torq_hw.slice_task "P2" w(%w : !WL) q(%o : !O) mem_ndls [#torq_hw<ndl dedr [H D 100]>] reg_ndls []
    torq_hl.return
  }
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %i: !O, %o: !O):
    torq_hw.slice_task "P3" d(%i : !O) w(%w : !WL) q(%o : !O) mem_ndls [#torq_hw<ndl dedr [H D 100]>] reg_ndls []
    torq_hl.return
  }

  // L1 start P1 wait P1
  %l1 = memref.alloc() : !WL
  torq_hl.load %w1 : !W to %l1 : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  %o1 = memref.alloc() : !O
  %i1, %c1 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>, memref<5120xi8>
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l1, %o1 : !WL, !O) code(%c1 : memref<5120xi8>)
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>

  // L2 start P2 wait P2
  %l2 = memref.alloc() : !WL
  torq_hl.load %w2 : !W to %l2 : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  %o2 = memref.alloc() : !O
  %i2, %c2 = torq_hl.create_invocation "P2" program(%p2 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>, memref<5120xi8>
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l2, %o2 : !WL, !O) code(%c2 : memref<5120xi8>)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>

  // L3 start P3 wait P3 S3
  %l3 = memref.alloc() : !WL
  torq_hl.load %w3 : !W to %l3 : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  %o3 = memref.alloc() : !O
  %i3, %c3 = torq_hl.create_invocation "P3" program(%p3 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>, memref<5120xi8>
  torq_hl.start_program %i3 : !torq_hl.invocation<slice> args(%l3, %o1, %o3 : !WL, !O, !O) code(%c3 : memref<5120xi8>)
  torq_hl.wait_program %i3 : !torq_hl.invocation<slice>
  torq_hl.store %o3 : !O to %out : !OX {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 95 : i64}
  return
}
