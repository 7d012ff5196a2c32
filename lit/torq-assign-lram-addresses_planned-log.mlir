// Whether AssignLramAddresses wrote RecoverLramResidency's plan or planned
// again, from its debug output (torq-assign-lram-addresses_planned checks
// that the output is the same either way).
// UNSUPPORTED: foreign-host
// (A foreign host has no tracing subscriber: TORQ_LOG shows nothing there.)
//
// The plan is used, also across a pass that changes nothing (cse here).
// RUN: env TORQ_LOG=torq-assign-lram-addresses=debug torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=USED
// RUN: env TORQ_LOG=torq-assign-lram-addresses=debug torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},cse,torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=USED
// USED: func{name=swap}: torq-assign-lram-addresses: the plan made before
// USED: func{name=swap}: torq-assign-lram-addresses: plan swaps_out=1 swaps_in=1
//
// It is not used after a pass that may change the function, nor when
// AssignLramAddresses' options differ from the plan's (another target,
// swaps forbidden).
// RUN: env TORQ_LOG=torq-assign-lram-addresses=debug torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},torq-add-deallocation,torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEW
// RUN: env TORQ_LOG=torq-assign-lram-addresses=debug torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},torq-assign-lram-addresses{torq-hw=0:16:2:coral_v1:nss_v1}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEW
// RUN: env TORQ_LOG=torq-assign-lram-addresses=debug not torq-opt %s --pass-pipeline='builtin.module(func.func(torq-recover-lram-residency{torq-hw=0:8:2:coral_v1:nss_v1},torq-assign-lram-addresses{torq-hw=0:8:2:coral_v1:nss_v1 torq-allow-swaps=false}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEW
// NEW-NOT: the plan made before
// NEW: torq-assign-lram-addresses
// NEW-NOT: the plan made before

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X = memref<4096xi8>
func.func @swap(%x: !X, %y: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %b = memref.alloc() : !L
  torq_hl.load %x : !X to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %v = memref.subview %a[0] [16] [1] : !L to memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  torq_hl.store %b : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  memref.dealloc %b : !L
  memref.copy %v, %v : memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>> to memref<16xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
  torq_hl.store %a : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  memref.dealloc %a : !L
  return
}
