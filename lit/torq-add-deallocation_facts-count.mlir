// AddDeallocation keeps the facts a pass before it checked (ir::facts) and
// their op count: it counts the deallocs it puts in the function's own
// blocks, not those in nested ones (Checked::grown), so the next pass finds
// the count it was handed and trusts the facts. Here one alloc lives in the
// function's block and one in a loop's body: the second AddDeallocation is
// handed the facts too.
// UNSUPPORTED: foreign-host
// (A foreign host has no tracing subscriber: TORQ_LOG shows nothing there.)
//
// RUN: env TORQ_LOG=torq-add-deallocation=debug torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-add-deallocation --torq-add-deallocation -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: func{name=nested}: torq-add-deallocation: facts handed on, not checked again facts=Checked { across: Some(false), within: None, ops: 5 }
// LOG: func{name=nested}: torq-add-deallocation: facts handed on, not checked again facts=Checked { across: Some(false), within: None, ops: 6 }
//
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-add-deallocation --torq-add-deallocation | FileCheck %s
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK-NEXT: memref.dealloc
// CHECK: }
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return

!X = memref<64xi8>
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : !X
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : !X
    memref.copy %a, %b : !X to !X
  }
  return
}
