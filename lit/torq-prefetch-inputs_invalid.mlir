// Bad input for torq-prefetch-inputs: a located diagnostic, the IR unchanged.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule'
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-prefetch-algorithm=fastest' 2>&1 | FileCheck %s --check-prefix=ALGO
// ALGO: error: torq-prefetch-inputs: option 'torq-prefetch-algorithm' = 'fastest' is invalid: expected one of auto, stream-schedule, oracle, constant-loads, none
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-list-policy=heft' 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: error: torq-prefetch-inputs: option 'torq-list-policy' = 'heft' is invalid: expected one of search, portfolio, fifo, critical-path, longest-compute, johnson
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-oracle-steps=-1' 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: error: torq-prefetch-inputs: option 'torq-oracle-steps' = '-1' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-oracle-time-limit-ms=-5' 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: error: torq-prefetch-inputs: option 'torq-oracle-time-limit-ms' = '-5' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-improve-moves=-1' 2>&1 | FileCheck %s --check-prefix=MOVES
// MOVES: error: torq-prefetch-inputs: option 'torq-improve-moves' = '-1' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-nss-pipeline='torq-improve-max-nodes=-3' 2>&1 | FileCheck %s --check-prefix=IMPNODES
// IMPNODES: error: torq-prefetch-inputs: option 'torq-improve-max-nodes' = '-3' is invalid: expected an integer in 0..=1000000

func.func @wait_without_start() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-error @+1 {{torq-prefetch-inputs: wait_program without a start_program of its invocation before it}}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  return
}

// -----

func.func @two_in_flight() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  %j = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+1 {{torq-prefetch-inputs: two programs in flight on slice 1: this start comes before the wait of the program started at}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  return
}

// -----

func.func @no_such_slice() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  // expected-error @+1 {{torq-prefetch-inputs: executor_id 5 is not a slice of the target (2 slices)}}
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 5 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// A start that is never waited for holds its slice to the end of the block.
func.func @held_slice() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  %j = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+1 {{torq-prefetch-inputs: two programs in flight on slice 0: the program started at}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  return
}
