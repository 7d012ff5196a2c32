// Bad input for torq-prefetch-inputs: a located diagnostic, the IR unchanged.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule'
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-prefetch-algorithm=fastest' 2>&1 | FileCheck %s --check-prefix=ALGO
// ALGO: error: torq-prefetch-inputs: option 'torq-prefetch-algorithm': 'fastest' is invalid: expected one of auto, stream-schedule, oracle, constant-loads, none
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-list-policy=heft' 2>&1 | FileCheck %s --check-prefix=POLICY
// POLICY: error: torq-prefetch-inputs: option 'torq-list-policy': 'heft' is invalid: expected one of portfolio, search, fifo, critical-path, longest-compute, johnson
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-oracle-steps=-1' 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: error: torq-prefetch-inputs: option 'torq-oracle-steps': '-1' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-oracle-time-limit-ms=-5' 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: error: torq-prefetch-inputs: option 'torq-oracle-time-limit-ms': '-5' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-prefetch-inputs='torq-improve-moves=-1' 2>&1 | FileCheck %s --check-prefix=MOVES
// MOVES: error: torq-prefetch-inputs: option 'torq-improve-moves': '-1' is invalid: expected an integer in 0..=9223372036854775807
// RUN: not torq-opt %s -split-input-file --torq-nss-pipeline='torq-oracle-gap-ppm=-3' 2>&1 | FileCheck %s --check-prefix=GAP
// GAP: error: torq-nss-pipeline: option 'torq-oracle-gap-ppm': '-3' is invalid: expected an integer in 0..=1000000

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
  // expected-note @+1 {{the program in flight started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+1 {{torq-prefetch-inputs: two programs in flight on slice 1: this start comes before the wait of the program in flight there}}
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
  // expected-note @+1 {{the program never waited for started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+1 {{torq-prefetch-inputs: two programs in flight on slice 0: an earlier start there is never waited for}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  return
}

// -----

// PrefetchInputs refuses what AssignLramAddresses refuses (ir::facts, one
// check for both): a second dealloc, a use after a dealloc, a load of an
// XRAM buffer nothing wrote, a store of an LRAM buffer nothing wrote.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @double_dealloc() {
  %a = memref.alloc() : !L
  memref.dealloc %a : !L
  // expected-error @+1 {{torq-prefetch-inputs: this buffer was already deallocated at}}
  memref.dealloc %a : !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @use_after_dealloc(%x: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  memref.dealloc %a : !L
  // expected-error @+1 {{torq-prefetch-inputs: uses a buffer deallocated at}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @load_of_unwritten_xram() {
  %x = memref.alloc() : !X
  %a = memref.alloc() : !L
  // expected-error @+1 {{torq-prefetch-inputs: loads from an XRAM buffer of this function that nothing wrote before}}
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @store_of_unwritten_lram(%x: !X) {
  %a = memref.alloc() : !L
  // expected-error @+1 {{torq-prefetch-inputs: stores an LRAM buffer of this function that nothing wrote before}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

// Counts read from the IR are range-checked where they are read: a negative
// duration or max_cycle is an error, not 0 cycles.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @negative_duration(%x: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-prefetch-inputs: `torq-async-duration-cycles` = -100 is negative}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, "torq-async-duration-cycles" = -100 : i64}
  return
}

// -----

func.func @negative_max_cycle() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    // expected-error @+1 {{torq-prefetch-inputs: `max_cycle` = -100 is negative}}
    torq_hw.slice_profiling
     memory : 0 bytes
     memory_info : ""
     max_cycle : -100
     ndl_cycles :  dedr(0) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// Counts are bounded where they are read (a block's times are sums of them):
// an op of more than 2^40 cycles is an error, not a sum that could wrap.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @huge_duration(%x: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-prefetch-inputs: takes 1099511627777 cycles; the scheduler takes at most 2^40 per op}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, "torq-async-duration-cycles" = 1099511627777 : i64}
  return
}

// -----

func.func @huge_compute() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hw.slice_task{
    op : "P"
     CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}
     [{DEDR dims = [ D(H) [2199023255552, affine_map<() -> (1)>]]}]
     []
    }
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-error @+1 {{torq-prefetch-inputs: starts a program of 2199023255552 compute cycles; the scheduler takes at most 2^40}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// A buffer of more than 2^40 bytes is refused where its type is read.
!B = memref<1099511627777xi8, #torq_hl<enc mem_space = lram>>
!BX = memref<1099511627777xi8>
func.func @huge_buffer(%x: !BX) {
  %a = memref.alloc() : !B
  // expected-error @+1 {{torq-prefetch-inputs: the byte size of memref<1099511627777xi8> (1099511627777 bytes) exceeds 2^40, the most the passes take}}
  torq_hl.load %x : !BX to %a : !B {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1099511627777 : i64}
  memref.dealloc %a : !B
  return
}

// -----

// A running program's buffers are its until its wait (ir::facts, for every
// pass): no dealloc of one inside the window.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @dealloc_in_flight(%x: memref<64xi8>) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{program 'P' started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  // expected-error @+1 {{deallocates an LRAM buffer that program 'P' uses until its wait}}
  memref.dealloc %b : !L
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// No load into a buffer a running program takes.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @load_in_flight(%x: memref<64xi8>) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{program 'P' started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  // expected-error @+1 {{loads into an LRAM buffer that program 'P' uses until its wait}}
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// No store of a buffer a running program may write (its body does not say,
// so it may); a program never waited for holds it to the block's end.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @store_in_flight(%x: memref<64xi8>, %y: memref<64xi8>) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{program 'P' started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  // expected-error @+1 {{stores an LRAM buffer that program 'P' may write until its wait}}
  torq_hl.store %b : !L to %y : memref<64xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

// An invocation is waited for once.
func.func @two_waits() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  // expected-error @+1 {{waits a second time for the invocation waited for at}}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// The in-flight and lifetime rules see nested ops where their ancestor
// stands: a dealloc inside scf.if in a running program's window, a load into
// its buffer there, a use after a nested dealloc, a nested then a top-level
// dealloc.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_dealloc_in_flight(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{program 'P' started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  scf.if %c {
    // expected-error @+1 {{torq-prefetch-inputs: deallocates an LRAM buffer that program 'P' uses until its wait}}
    memref.dealloc %b : !L
  }
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_load_in_flight(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{program 'P' started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %c4 step %c1 {
    // expected-error @+1 {{torq-prefetch-inputs: loads into an LRAM buffer that program 'P' uses until its wait}}
    torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  }
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  memref.dealloc %b : !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_dealloc_then_use(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  scf.if %c {
    memref.dealloc %b : !L
  }
  // expected-error @+1 {{torq-prefetch-inputs: uses a buffer deallocated at}}
  torq_hl.store %b : !L to %x : memref<64xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_double_dealloc(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  scf.if %c {
    memref.dealloc %b : !L
  }
  scf.if %c {
    // expected-error @+1 {{torq-prefetch-inputs: this buffer was already deallocated at}}
    memref.dealloc %b : !L
  }
  return
}

// -----

// A dealloc nested after the program's wait is valid: the function compiles.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_dealloc_after_wait(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  scf.if %c {
    memref.dealloc %b : !L
  }
  return
}

// -----

// A transfer's XRAM strides are checked against the view they address: a
// store whose strides reach past its subview (into bytes a later load of the
// other half reads) is an error, not a reordering hazard.
func.func @store_strides_past_subview(%y: memref<512xi8>) {
  %s0 = memref.subview %y[0] [256] [1] : memref<512xi8> to memref<256xi8, strided<[1]>>
  %q = memref.alloc() : memref<256xi8, #torq_hl<enc mem_space = lram>>
  // expected-error @+1 {{torq-prefetch-inputs: touches bytes [0, 511) of its xram side (by its output_strides_bytes), which holds 256 bytes}}
  torq_hl.store %q : memref<256xi8, #torq_hl<enc mem_space = lram>> to %s0 : memref<256xi8, strided<[1]>> {element_size_bytes = 1 : i64, output_strides_bytes = array<i64: 2>, shape = array<i64: 256>, unsafe = true}
  return
}

// -----

!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
func.func @negative_stride(%x: memref<256xi8>) {
  %a = memref.alloc() : !L
  // expected-error @+1 {{torq-prefetch-inputs: input_strides_bytes holds a negative stride (-1)}}
  torq_hl.load %x : memref<256xi8> to %a : !L {element_size_bytes = 1 : i64, input_strides_bytes = array<i64: -1>, shape = array<i64: 256>}
  return
}

// -----

!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
func.func @zero_stride_store(%x: memref<256xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<256xi8> to %a : !L {element_size_bytes = 256 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  // expected-error @+1 {{torq-prefetch-inputs: output_strides_bytes holds a zero stride over 4 chunks: the store writes them to the same bytes}}
  torq_hl.store %a : !L to %x : memref<256xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64: 0>, shape = array<i64: 4>}
  return
}

// -----

// A zero stride on a load's source is a broadcast (upstream's verifier
// allows it): four copies of the first 64 bytes, valid.
!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
func.func @broadcast_load(%x: memref<256xi8>, %y: memref<256xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<256xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64: 0>, shape = array<i64: 4>}
  torq_hl.store %a : !L to %y : memref<256xi8> {element_size_bytes = 256 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  memref.dealloc %a : !L
  return
}

// -----

// A dealloc inside a loop of a buffer allocated outside it would free it
// once per iteration.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @dealloc_in_loop(%x: memref<64xi8>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  scf.for %k = %c0 to %c2 step %c1 {
    // expected-error @+1 {{torq-prefetch-inputs: deallocates inside 'scf.for' a buffer allocated outside it: it would be freed once per iteration}}
    memref.dealloc %b : !L
  }
  return
}
