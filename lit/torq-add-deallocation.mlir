// RUN: torq-opt %s -split-input-file --torq-add-deallocation | FileCheck %s
// Idempotent.
// RUN: torq-opt %s -split-input-file --torq-add-deallocation --torq-add-deallocation | FileCheck %s

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
!X = memref<64xi8>

// CHECK-LABEL: func.func @basic
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: torq_hl.load %{{.*}} to %[[A]]
// CHECK-NEXT: torq_hl.store %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @basic(%x: !X, %y: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  torq_hl.store %a : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
// A use through a view counts; a buffer without users dies at once; two
// buffers dying after the same op are freed in allocation order.
// CHECK-LABEL: func.func @views_and_order
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NEXT: %[[B:.*]] = memref.alloc()
// CHECK-NEXT: %[[C:.*]] = memref.alloc()
// CHECK-NEXT: memref.dealloc %[[C]]
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[A]][16] [32] [1]
// CHECK-NEXT: %[[BV:.*]] = memref.subview %[[B]]
// CHECK-NEXT: memref.copy %[[BV]], %[[V]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: return
func.func @views_and_order() {
  %a = memref.alloc() : !L
  %b = memref.alloc() : !L
  %c = memref.alloc() : !L
  %v = memref.subview %a[16] [32] [1] : !L to memref<32xi8, strided<[1], offset: 16>, #torq_hl<enc mem_space = lram>>
  %bv = memref.subview %b[0] [32] [1] : !L to memref<32xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  memref.copy %bv, %v : memref<32xi8, strided<[1]>, #torq_hl<enc mem_space = lram>> to memref<32xi8, strided<[1], offset: 16>, #torq_hl<enc mem_space = lram>>
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
// A program holds its buffers until its wait; ops inside program bodies are
// not touched; XRAM allocs are freed too, DTCM allocs are not.
// CHECK-LABEL: func.func @programs
// CHECK: torq_hl.program
// CHECK-NOT: memref.dealloc
// CHECK: torq_hl.create_invocation
// CHECK: torq_hl.start_program
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc %{{.*}} : memref<64xi8>
// CHECK-NEXT: torq_hl.wait_program
// CHECK-NEXT: memref.dealloc %{{.*}} : memref<64xi8, #torq_hl<enc mem_space = lram>>
// CHECK-NEXT: return
func.func @programs() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
  ^bb0(%arg: !L):
    %inner = memref.alloc() : !L
    torq_hl.return
  }
  %a = memref.alloc() : !L
  %x = memref.alloc() : memref<64xi8>
  %d = memref.alloc() : memref<64xi8, #torq_hl<enc mem_space = dtcm>>
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%a : !L)
  memref.copy %x, %x : memref<64xi8> to memref<64xi8>
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
// A use nested in a loop is a use by the loop.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK: memref.copy
// CHECK: }
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : !L
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %a : !L to !L
  }
  return
}

// -----

// A program never waited for holds its buffers to the end of the block: they
// get no dealloc (a buffer without one lives to the end); the others do.
!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
// CHECK-LABEL: func.func @unwaited
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK-NOT: memref.dealloc %[[A]]
// CHECK: torq_hl.start_program
// CHECK-NEXT: %[[B:.*]] = memref.alloc()
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: return
func.func @unwaited(%x: memref<64xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  %p = torq_hl.program "P" : !torq_hl.program<slice> {
  ^bb0(%arg: !L):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "P" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%a : !L)
  %b = memref.alloc() : !L
  return
}
