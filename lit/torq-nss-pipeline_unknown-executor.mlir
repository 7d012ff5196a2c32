// A start whose invocation no op of the function made (a function argument)
// runs on an executor nobody can name: it and its wait are barriers (spec
// §4), not programs on slice 0. Two such programs in flight at once are
// valid input; every pipeline compiles it and the checker accepts it.
// RUN: torq-opt %s --torq-nss-pipeline -o %t.auto
// RUN: torq-opt %t.auto --torq-verify-lram -o /dev/null
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=none' -o %t.none
// RUN: torq-opt %t.none --torq-verify-lram -o /dev/null
// RUN: torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' -o %t.ss
// RUN: torq-opt %t.ss --torq-verify-lram -o /dev/null
// RUN: FileCheck %s < %t.ss

!W = memref<140xi8>
!WL = memref<140xi8, #torq_hl<enc mem_space = lram>>
// Barriers keep their places: nothing crosses a start or a wait.
// CHECK-LABEL: func.func @two_argument_invocations
// CHECK: torq_hl.load %arg0 {{.*}} to %[[L1:[^ ]+]]
// CHECK-NEXT: torq_hl.start_program %arg2 {{.*}} args(%[[L1]]
// CHECK: torq_hl.load %arg0 {{.*}} to %[[L2:[^ ]+]]
// CHECK-NEXT: torq_hl.start_program %arg3 {{.*}} args(%[[L2]]
// CHECK-NEXT: torq_hl.wait_program %arg3
// CHECK: torq_hl.wait_program %arg2
// CHECK-NEXT: torq_hl.store %[[L1]]
func.func @two_argument_invocations(%w1: !W, %o: !W, %i1: !torq_hl.invocation<slice>, %i2: !torq_hl.invocation<slice>) {
  %l1 = memref.alloc() : !WL
  torq_hl.load %w1 : !W to %l1 : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  torq_hl.start_program %i1 : !torq_hl.invocation<slice> args(%l1 : !WL)
  %l2 = memref.alloc() : !WL
  torq_hl.load %w1 : !W to %l2 : !WL {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  torq_hl.start_program %i2 : !torq_hl.invocation<slice> args(%l2 : !WL)
  torq_hl.wait_program %i2 : !torq_hl.invocation<slice>
  torq_hl.wait_program %i1 : !torq_hl.invocation<slice>
  torq_hl.store %l1 : !WL to %o : !W {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 140 : i64}
  return
}
