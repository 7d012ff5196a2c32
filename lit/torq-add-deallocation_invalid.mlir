// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-add-deallocation

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @returned() -> !L {
  // expected-error @+1 {{torq-add-deallocation: the last user of this buffer is the block terminator 'func.return'}}
  %a = memref.alloc() : !L
  return %a : !L
}
