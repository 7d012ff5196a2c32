// Every global flag (the rows of passes/TorqOptions.def tagged `global`) acts:
// for each one, the output with the flag differs from the output without it
// (`not diff`), and equals the output with the same value given as the pass
// option (`diff`). A pass option, and a pipeline option, beat the flag.
// The input is this file's function (worked example 1 of the spec).

// torq-prefetch-algorithm: the default (auto) keeps this order.
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs > %t.algo.default
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs --torq-prefetch-algorithm=stream-schedule > %t.algo.global
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule' > %t.algo.option
// RUN: not diff %t.algo.default %t.algo.global
// RUN: diff %t.algo.option %t.algo.global
// RUN: FileCheck %s --check-prefix=ALGO < %t.algo.global
// ALGO-LABEL: func.func @worked_example_1
// ALGO: torq_hl.load %arg0
// ALGO: torq_hl.start_program
// ALGO: torq_hl.load %arg1

// torq-list-policy: on the portfolio input, fifo commits 37309 cycles, the
// default 34209 (lit/torq-prefetch-inputs.mlir).
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.policy.default
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' --torq-list-policy=fifo > %t.policy.global
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' > %t.policy.option
// RUN: not diff %t.policy.default %t.policy.global
// RUN: diff %t.policy.option %t.policy.global
// A pipeline option and a pass option beat the flag.
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search' --torq-list-policy=fifo > %t.policy.pipeline
// RUN: diff %t.policy.default %t.policy.pipeline
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' > %t.policy.pass
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' --torq-list-policy=search > %t.policy.pass-global
// RUN: diff %t.policy.pass %t.policy.pass-global

// torq-list-prefetch-percent: 0 leaves no LRAM to loads of far programs (410
// cycles instead of 250 with torq-list-urgent-starts=0).
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-list-urgent-starts=0' > %t.pp.default
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-list-urgent-starts=0' --torq-list-prefetch-percent=0 > %t.pp.global
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-list-urgent-starts=0 torq-list-prefetch-percent=0' > %t.pp.option
// RUN: not diff %t.pp.default %t.pp.global
// RUN: diff %t.pp.option %t.pp.global

// torq-list-urgent-starts: worked example 2 on one slice (spec section 7):
// 0 near programs makes 525848 cycles instead of 500000.
// RUN: torq-opt %S/../examples/worked-example-2.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:101:1:coral_v1:nss_v1' > %t.urgent.default
// RUN: torq-opt %S/../examples/worked-example-2.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:101:1:coral_v1:nss_v1' --torq-list-urgent-starts=0 > %t.urgent.global
// RUN: torq-opt %S/../examples/worked-example-2.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:101:1:coral_v1:nss_v1 torq-list-urgent-starts=0' > %t.urgent.option
// RUN: not diff %t.urgent.default %t.urgent.global
// RUN: diff %t.urgent.option %t.urgent.global

// torq-list-window: one candidate per step gives another order on the 16 KB
// target.
// RUN: torq-opt %inputs/prefetch-cap85.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:16:2:coral_v1:nss_v1 torq-list-urgent-starts=0' > %t.window.default
// RUN: torq-opt %inputs/prefetch-cap85.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:16:2:coral_v1:nss_v1 torq-list-urgent-starts=0' --torq-list-window=1 > %t.window.global
// RUN: torq-opt %inputs/prefetch-cap85.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-hw=0:16:2:coral_v1:nss_v1 torq-list-urgent-starts=0 torq-list-window=1' > %t.window.option
// RUN: not diff %t.window.default %t.window.global
// RUN: diff %t.window.option %t.window.global

// The flags whose effect shows in the report: the same report as the pass
// option gives, another than without the flag.
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=600000 torq-prefetch-report=%t.r.default' > /dev/null
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-oracle-time-limit-ms=600000' --torq-prefetch-report=%t.r.global > /dev/null
// RUN: diff %t.r.default %t.r.global
// RUN: FileCheck %s --check-prefix=REPORT < %t.r.global
// REPORT: "worked_example_1": [
// REPORT: "decision": "committed the pass-0 schedule at cap 100%"

// torq-list-cap-percent
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' --torq-list-cap-percent=50 --torq-prefetch-report=%t.cap.global > /dev/null
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-list-cap-percent=50 torq-prefetch-report=%t.cap.option' > /dev/null
// RUN: diff %t.cap.option %t.cap.global
// RUN: not diff %t.cap.global %t.r.default
// RUN: FileCheck %s --check-prefix=CAP < %t.cap.global
// CAP: "decision": "committed the pass-0 schedule at cap 50%"

// torq-oracle-steps, torq-oracle-time-limit-ms, on a
// block whose best order is not at its lower bound (there every stage after
// the list schedules is skipped, whatever its options)
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-prefetch-report=%t.steps.global' --torq-oracle-steps=0 > /dev/null
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-oracle-steps=0 torq-prefetch-report=%t.steps.option' > /dev/null
// RUN: diff %t.steps.option %t.steps.global
// RUN: FileCheck %s --check-prefix=NO-ORACLE < %t.steps.global
// (the time limit is read by the oracle algorithm only)
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=oracle torq-prefetch-report=%t.time.global' --torq-oracle-time-limit-ms=0 > /dev/null
// RUN: FileCheck %s --check-prefix=NO-ORACLE < %t.time.global
// NO-ORACLE: "skipped": "torq-oracle-steps or its time limit is 0"

// torq-improve-moves (the same block)
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-oracle-steps=50 torq-prefetch-report=%t.moves.global' --torq-improve-moves=0 > /dev/null
// RUN: FileCheck %s --check-prefix=MOVES < %t.moves.global
// MOVES: "skipped": "torq-improve-moves is 0"

// torq-polish-moves: the DMA-order descent on the chain
// of mixed weights (lit/torq-prefetch-inputs.mlir).
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.polish.default
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' --torq-polish-moves=0 > %t.polish.global
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-polish-moves=0' > %t.polish.option
// RUN: not diff %t.polish.default %t.polish.global
// RUN: diff %t.polish.option %t.polish.global

// What the effort levels set beside a stage's one budget option, and the
// stages' size limits, are no options: the descent's priced neighbours, the
// transfers of a window, the oracle's and the improvement search's node
// limits (decide::POLISH_PRICED, decide::improve::WINDOW_TRANSFERS,
// sched::oracle::MAX_NODES, decide::improve::MAX_NODES).
// RUN: not torq-opt %inputs/prefetch-mixed-weights.mlir --torq-polish-priced=0 2>&1 | FileCheck %s --check-prefix=GONE-FLAG
// GONE-FLAG: Unknown command line argument '--torq-polish-priced=0'
// RUN: not torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-window-transfers=0' 2>&1 | FileCheck %s --check-prefix=GONE-PIPELINE
// GONE-PIPELINE: error: torq-nss-pipeline: {{.*}}no such option torq-window-transfers
// RUN: not torq-opt %inputs/prefetch-mixed-weights.mlir --torq-prefetch-inputs='torq-oracle-max-nodes=1' 2>&1 | FileCheck %s --check-prefix=GONE-PASS
// GONE-PASS: error: torq-prefetch-inputs: {{.*}}no such option torq-oracle-max-nodes
// RUN: not torq-opt %inputs/prefetch-mixed-weights.mlir --torq-improve-max-nodes=1 2>&1 | FileCheck %s --check-prefix=GONE-IMPROVE
// GONE-IMPROVE: Unknown command line argument '--torq-improve-max-nodes=1'

// torq-greedy-decodes: the iterated greedy on two heads of GQA attention
// (lit/torq-prefetch-inputs.mlir).
// RUN: torq-opt %inputs/prefetch-gqa-attention.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.greedy.default
// RUN: torq-opt %inputs/prefetch-gqa-attention.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' --torq-greedy-decodes=0 > %t.greedy.global
// RUN: torq-opt %inputs/prefetch-gqa-attention.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-greedy-decodes=0' > %t.greedy.option
// RUN: not diff %t.greedy.default %t.greedy.global
// RUN: diff %t.greedy.option %t.greedy.global

// torq-window-expansions: the transfer windows before
// the descent on the same chain, under the portfolio (the descent alone
// after the list schedules, then the descent priced by first fit): 6
// allocator runs with them, 63 without (35, then 28 of the same decision
// under first fit: the first-fit-priced descent's order led the pool).
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio torq-prefetch-report=%t.win.default' > /dev/null
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio torq-prefetch-report=%t.exp.global' --torq-window-expansions=0 > /dev/null
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio torq-window-expansions=0 torq-prefetch-report=%t.exp.option' > /dev/null
// RUN: FileCheck %s --check-prefix=WINDOWS < %t.win.default
// RUN: FileCheck %s --check-prefix=NO-WINDOWS < %t.exp.global
// RUN: FileCheck %s --check-prefix=NO-WINDOWS < %t.exp.option
// WINDOWS: "allocator_runs": 6,
// WINDOWS: "windows": {
// NO-WINDOWS: "allocator_runs": 63,
// NO-WINDOWS-NOT: "windows": {

// placement, torq-placement-nodes: on six big weights the search commits the
// oracle's order with offline placement and another with first-fit; a
// packing of 0 nodes places nothing, so the default's allocation differs.
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search' > %t.place.default
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search' --torq-placement=first-fit > %t.place.global
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-placement=first-fit' > %t.place.option
// RUN: not diff %t.place.default %t.place.global
// RUN: diff %t.place.option %t.place.global
// (torq-placement-nodes under the default policy: the search's proven-optimal
// order places the same either way.)
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.pnodes.default
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' --torq-placement-nodes=0 > %t.pnodes.global
// RUN: torq-opt %inputs/prefetch-big-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-placement-nodes=0' > %t.pnodes.option
// RUN: not diff %t.pnodes.default %t.pnodes.global
// RUN: diff %t.pnodes.option %t.pnodes.global

// torq-prefetch-explain, torq-prefetch-trace
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' --torq-prefetch-explain 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: // torq-prefetch-inputs: @worked_example_1 block 0: committed the pass-0 schedule at cap 100%
// EXPLAIN: step | t before | slices | rule | emits | t after | live LRAM
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' --torq-prefetch-trace=%t.trace > /dev/null
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace
// TRACE: "name": "@worked_example_1"

// torq-hw reaches every pass that takes it: twice the DMA rate halves the
// annotated cycles of a load (140 B: 30 -> 15 cycles).
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles > %t.hw.default
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-hw=0:512:2:coral_v1:nss_v1:16 > %t.hw.global
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles='torq-hw=0:512:2:coral_v1:nss_v1:16' > %t.hw.option
// RUN: not diff %t.hw.default %t.hw.global
// RUN: diff %t.hw.option %t.hw.global
// RUN: not torq-opt %s --torq-nss-pipeline --torq-hw=0:1:2:coral_v1:nss_v1 2>&1 | FileCheck %s --check-prefix=HW-SMALL
// HW-SMALL: error: {{.*}}


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
  return
}

// Every report above matches docs/report.schema.json.
// RUN: %check-report %t.r.default %t.r.global %t.cap.global %t.cap.option %t.steps.global %t.steps.option %t.time.global %t.moves.global %t.win.default %t.exp.global %t.exp.option
