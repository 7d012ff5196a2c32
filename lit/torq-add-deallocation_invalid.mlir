// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-add-deallocation

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @returned() -> !L {
  // expected-error @+1 {{torq-add-deallocation: the last user of this buffer is the block terminator 'func.return'}}
  %a = memref.alloc() : !L
  return %a : !L
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
  // expected-error @+1 {{torq-add-deallocation: uses a buffer allocated in another block (at}}
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
  // expected-error @+1 {{torq-add-deallocation: wait_program without a start_program of its invocation before it in its block}}
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}
