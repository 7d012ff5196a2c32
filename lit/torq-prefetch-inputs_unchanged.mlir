// PrefetchInputs reads and decides every block before it writes: when a
// later block fails (here block 1 starts two programs on one slice at once), or
// the report file cannot be written, the function is left exactly as it was.
// --mlir-print-ir-after-failure shows it: block 0 keeps its input order
// (stream-schedule alone would move L2 before the wait of P1).
// UNSUPPORTED: foreign-host
// (The failure dump is the host's print of the function; a foreign host prints
// its torq ops in generic form, which these CHECK lines do not read.)
// RUN: not torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: torq-prefetch-inputs_unchanged.mlir:[[@LINE+92]]:3: error: torq-prefetch-inputs: two programs in flight on slice 0
// BLOCK: IR Dump After TorqPrefetchInputs Failed
// BLOCK: torq_hl.load %arg0
// BLOCK: torq_hl.start_program %[[P1:[a-z_0-9]+]]
// BLOCK-NEXT: torq_hl.wait_program %[[P1]]
// BLOCK: torq_hl.load %arg1
// BLOCK: cf.br ^bb1
//
// The report file: a directory that does not exist.
// RUN: not torq-opt %S/../examples/worked-example-1.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t.missing/r.json' --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: error: torq-prefetch-inputs: cannot write {{.*}}r.json
// REPORT: IR Dump After TorqPrefetchInputs Failed
// REPORT: torq_hl.load %arg0
// REPORT: torq_hl.start_program %[[P1:[a-z_0-9]+]]
// REPORT-NEXT: torq_hl.wait_program %[[P1]]
// REPORT: torq_hl.load %arg1

!W = memref<140xi8>
!WL = memref<140xi8, #torq_hl<enc mem_space = lram>>
!O = memref<95xi8, #torq_hl<enc mem_space = lram>>
!OX = memref<95xi8>

func.func @worked_example_1(%w1: !W, %w2: !W, %w3: !W, %out: !OX) {
  %p1 = torq_hl.program "P1" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %o: !O):
    torq_hw.slice_task{
    op : "P1"
     W %w : !WL
     Q %o : !O
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %p2 = torq_hl.program "P2" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %o: !O):
    torq_hw.slice_task{
    op : "P2"
     W %w : !WL
     Q %o : !O
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %p3 = torq_hl.program "P3" : !torq_hl.program<slice> {
  ^bb0(%w: !WL, %i: !O, %o: !O):
    torq_hw.slice_task{
    op : "P3"
     D %i : !O
     W %w : !WL
     Q %o : !O
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [100, affine_map<() -> (1)>]]}]
     []
    }
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
  cf.br ^bb1
^bb1:
  %i4 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  %i5 = torq_hl.create_invocation "P1" program(%p1 : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  %l4 = memref.alloc() : !WL
  %o4 = memref.alloc() : !O
  torq_hl.start_program %i4 : !torq_hl.invocation<slice> args(%l4, %o4 : !WL, !O)
  torq_hl.start_program %i5 : !torq_hl.invocation<slice> args(%l4, %o4 : !WL, !O)
  torq_hl.wait_program %i4 : !torq_hl.invocation<slice>
  torq_hl.wait_program %i5 : !torq_hl.invocation<slice>
  return
}
