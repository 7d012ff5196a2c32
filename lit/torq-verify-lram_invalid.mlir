// The independent checker on hand-broken IR: every fault, located.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-verify-lram

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @overlap() {
  %a = memref.alloc() {lram_address = 1280 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [4096, 8192) overlaps live buffer #1 at [1280, 5376)}}
  %b = memref.alloc() {lram_address = 4096 : i64} : !L
  memref.dealloc %a : !L
  // Freed: no overlap any more.
  %c = memref.alloc() {lram_address = 1280 : i64} : memref<1024xi8, #torq_hl<enc mem_space = lram>>
  return
}

// -----

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @out_of_range() {
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [1024, 5120) is outside usable LRAM [1280, 524288)}}
  %a = memref.alloc() {lram_address = 1024 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [522240, 526336) is outside usable LRAM [1280, 524288)}}
  %b = memref.alloc() {lram_address = 522240 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer at 100004 is not 8-byte aligned}}
  %c = memref.alloc() {lram_address = 100004 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer without an lram_address}}
  %d = memref.alloc() : !L
  return
}

// -----

// A negative address is reported as it is (not as [0, 4096)), and an end
// beyond 2^63 does not wrap.
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @out_of_range_exact() {
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [-8, 4088) is outside usable LRAM [1280, 524288)}}
  %e = memref.alloc() {lram_address = -8 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [9223372036854775800, 9223372036854779896) is outside usable LRAM [1280, 524288)}}
  %f = memref.alloc() {lram_address = 9223372036854775800 : i64} : !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @missing_swap_in(%y: !X) {
  %a = memref.alloc() {lram_address = 1280 : i64} : !L
  %x = memref.alloc() : !X
  torq_hl.store %a : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, unsafe = true}
  memref.dealloc %a : !L
  // expected-error @+1 {{torq-verify-lram: uses an LRAM buffer that is not resident here}}
  torq_hl.store %a : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-verify-lram: deallocates an LRAM buffer that is not live}}
  memref.dealloc %a : !L
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>
func.func @swap_in_without_swap_out() {
  %x = memref.alloc() : !X
  %a = memref.alloc() {lram_address = 1280 : i64} : !L
  // expected-error @+1 {{torq-verify-lram: loads from an XRAM buffer that nothing stored to before (a swap-in without its swap-out)}}
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64, unsafe = true}
  memref.dealloc %x : !X
  memref.dealloc %a : !L
  return
}

// -----

func.func @two_in_flight() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  %j = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  // expected-error @+1 {{torq-verify-lram: starts a program on !torq_hl.invocation<slice> 1 while another is in flight there}}
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  return
}

// -----

// A size that does not fit in 64 bits is a fault, not a wrapped 8 bytes.
func.func @huge() {
  // expected-error @+1 {{torq-verify-lram: LRAM buffer whose byte size cannot be known: the byte size of memref<2305843009213693953xi64, #torq_hl<enc mem_space = lram>> does not fit in 64 bits}}
  %a = memref.alloc() {lram_address = 1280 : i64} : memref<2305843009213693953xi64, #torq_hl<enc mem_space = lram>>
  return
}

// -----

// A running program's buffers are its until the wait: freeing one before the
// wait is a fault, and its bytes stay taken, so a buffer placed over them and
// loaded while the program still reads the old one overlaps it.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @dealloc_in_flight(%x: memref<64xi8>) {
  %b = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{the program in flight started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  // expected-error @+1 {{torq-verify-lram: deallocates LRAM buffer #1, which a program in flight holds until its wait}}
  memref.dealloc %b : !L
  // expected-error @+1 {{torq-verify-lram: LRAM buffer [1280, 1344) overlaps live buffer #1 at [1280, 1344)}}
  %c = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %c : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  // After the wait the bytes are free again.
  memref.dealloc %c : !L
  %d = memref.alloc() {lram_address = 1280 : i64} : !L
  return
}

// -----

// A load into a buffer a running program takes, and a program never waited
// for, which holds its buffers to the end of the block.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @load_in_flight(%x: memref<64xi8>) {
  %b = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{the program in flight started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  // expected-error @+1 {{torq-verify-lram: loads into LRAM buffer #1, which a program in flight holds until its wait}}
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-verify-lram: deallocates LRAM buffer #1, which a program in flight holds until its wait}}
  memref.dealloc %b : !L
  return
}

// -----

// LRAM is placed for the entry block only: an LRAM alloc in another block is
// a located error (it was left without an address).
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @lram_in_second_block(%x: memref<64xi8>, %y: memref<64xi8>) {
  cf.br ^bb1
^bb1:
  // expected-error @+1 {{torq-verify-lram: an LRAM alloc outside the function's entry block: LRAM is placed for one block}}
  %b = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %b : !L to %y : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}

// -----

// Ops nested in scf.if count where their ancestor stands: a nested dealloc
// or load inside a running program's window is a fault, and a nested dealloc
// frees the buffer for every op after its ancestor (a use after it, a second
// dealloc).
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_in_flight(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%a: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-note @+1 {{the program in flight started here}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !L)
  scf.if %c {
    // expected-error @+1 {{torq-verify-lram: loads into LRAM buffer #1, which a program in flight holds until its wait}}
    torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  }
  scf.if %c {
    // expected-error @+1 {{torq-verify-lram: deallocates LRAM buffer #1, which a program in flight holds until its wait}}
    memref.dealloc %b : !L
  }
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @nested_dealloc_then_use(%x: memref<64xi8>, %c: i1) {
  %b = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  scf.if %c {
    memref.dealloc %b : !L
  }
  // expected-error @+1 {{torq-verify-lram: uses an LRAM buffer that is not resident here}}
  torq_hl.store %b : !L to %x : memref<64xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  // expected-error @+1 {{torq-verify-lram: deallocates an LRAM buffer that is not live}}
  memref.dealloc %b : !L
  return
}

// -----

// An invocation that is a function argument runs on an executor nobody can
// name: two of them in flight at once are not a fault, a second start of
// one before its wait is.
func.func @argument_invocations(%i: !torq_hl.invocation<slice>, %j: !torq_hl.invocation<slice>) {
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.start_program %j : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %j : !torq_hl.invocation<slice>
  // expected-error @+1 {{torq-verify-lram: starts an invocation whose program is still in flight}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

// A dealloc inside a loop of a buffer allocated outside it would free it
// once per iteration.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @dealloc_in_loop(%x: memref<64xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() {lram_address = 1280 : i64} : !L
  torq_hl.load %x : memref<64xi8> to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  scf.for %k = %c0 to %n step %c1 {
    // expected-error @+1 {{torq-verify-lram: deallocates LRAM buffer #1 inside 'scf.for', which would free it once per iteration}}
    memref.dealloc %b : !L
  }
  return
}
