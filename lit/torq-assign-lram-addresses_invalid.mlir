// Every diagnostic of torq-assign-lram-addresses on the 8 KB target (6912
// usable bytes); the function is left unchanged.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1'
// Without swaps, placement must succeed without a single swap:
// RUN: not torq-opt %s -split-input-file --torq-assign-lram-addresses='torq-hw=0:8:2:coral_v1:nss_v1 torq-allow-swaps=false' 2>&1 | FileCheck %s --check-prefix=NOSWAP

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
// With swaps this places (one buffer goes out); without, it does not.
// expected-remark @+1 {{torq-assign-lram-addresses: 1 swap transfer; no placement without swaps exists (proven by the packing search)}}
func.func @needs_swaps() {
  %a = memref.alloc() : !L
  // NOSWAP: [[@LINE+2]]:8: error: failed to allocate LRAM addresses
  // NOSWAP: [[@LINE+1]]:8: error: Memory usage: 8192 exceeds lram size 6912 bytes
  %b = memref.alloc() : !L
  memref.dealloc %a : !L
  memref.dealloc %b : !L
  return
}

// -----

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
// One op needs 8 KB at once: no swap helps.
func.func @two_at_once() {
  %a = memref.alloc() : !L
  %b = memref.alloc() : !L
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{Memory usage: 8192 exceeds lram size 6912 bytes}}
  memref.copy %a, %b : !L to !L
  memref.dealloc %a : !L
  memref.dealloc %b : !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @use_after_dealloc() {
  %a = memref.alloc() : !L
  memref.dealloc %a : !L
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: uses a buffer deallocated at}}
  memref.copy %a, %a : !L to !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @argument(%a: !L) {
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: an LRAM operand that no memref.alloc of this function defines}}
  memref.copy %a, %a : !L to !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+2 {{failed to allocate LRAM addresses}}
    // expected-error @+1 {{torq-assign-lram-addresses: an LRAM alloc nested in another op is not supported}}
    %a = memref.alloc() : !L
    memref.dealloc %a : !L
  }
  return
}

// -----

// The allocator keeps a program's buffers pinned from its start to its wait:
// input with two programs in flight on one slice is refused, not allocated.
func.func @two_in_flight() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  %j = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  // expected-note @+1 {{the program in flight started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: two programs in flight on slice 1: this start comes before the wait of the program in flight there}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  return
}

// -----

func.func @held_slice() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  %j = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{the program never waited for started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: two programs in flight on slice 0: an earlier start there is never waited for}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @double_dealloc() {
  %a = memref.alloc() : !L
  memref.dealloc %a : !L
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: this buffer was already deallocated at}}
  memref.dealloc %a : !L
  return
}

// -----

// (2^61 + 1) x 8 bytes do not fit in 64 bits: refused, not allocated as 8 bytes.
func.func @huge() {
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: the byte size of memref<2305843009213693953xi64, #torq_hl<enc mem_space = lram>> does not fit in 64 bits}}
  %a = memref.alloc() : memref<2305843009213693953xi64, #torq_hl<enc mem_space = lram>>
  return
}

// -----

// Reading an XRAM buffer of the function that nothing wrote is refused (the
// independent checker would flag the load as a swap-in without its swap-out).
!X = memref<64xi8>
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @uninitialized_xram() {
  %x = memref.alloc() : !X
  %a = memref.alloc() : !L
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: loads from an XRAM buffer of this function that nothing wrote before}}
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, unsafe = true}
  memref.dealloc %a : !L
  return
}

// -----

// Two starts of one CSS invocation with no wait between them.
func.func @css_twice(%i: !torq_hl.invocation<css>) {
  // expected-note @+1 {{its program started here}}
  torq_hl.start_program %i : !torq_hl.invocation<css> args( : )
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: starts an invocation whose program is still in flight}}
  torq_hl.start_program %i : !torq_hl.invocation<css> args( : )
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @store_of_unwritten_lram(%x: !X) {
  %a = memref.alloc() : !L
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{torq-assign-lram-addresses: stores an LRAM buffer of this function that nothing wrote before}}
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  memref.dealloc %a : !L
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
  // expected-error @+2 {{failed to allocate LRAM addresses}}
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
  // expected-error @+2 {{failed to allocate LRAM addresses}}
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
  // expected-error @+2 {{failed to allocate LRAM addresses}}
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
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{waits a second time for the invocation waited for at}}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// A buffer lives in the block that allocates it (ir::facts, for every pass):
// a program started in one block and waited for in the next, its buffer
// stored there, is a located error, not a dealloc before the store.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @wait_in_next_block(%x: memref<64xi8>, %y: memref<64xi8>) {
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    "torq_hw.slice_profiling"() <{max_cycle = 100 : i32, slice_mem = 64 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(100) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  cf.br ^bb1
^bb1:
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  // expected-error @+1 {{torq-assign-lram-addresses: uses a buffer allocated in another block (at}}
  torq_hl.store %b : !L to %y : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}

// -----

// A wait waits for a start before it in its own block.
func.func @wait_of_other_block() {
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0:
    "torq_hw.slice_profiling"() <{max_cycle = 100 : i32, slice_mem = 64 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(100) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}> : () -> ()
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{torq-assign-lram-addresses: wait_program without a start_program of its invocation before it in its block}}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// LRAM is placed for the entry block only: an LRAM alloc in another block is
// a located error (it was left without an address).
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @lram_in_second_block(%x: memref<64xi8>, %y: memref<64xi8>) {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{torq-assign-lram-addresses: an LRAM alloc outside the function's entry block: LRAM is placed for one block}}
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %b : !L to %y : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}
