// Which passes trust the facts (ir::facts) a pass before them checked, from
// their debug output: PrefetchInputs checks every block, and the passes
// after it in the pipeline check nothing again, down to
// AssignLramAddresses. The output is the same as without the hand-on
// (every lit test of the pipeline checks it).
// UNSUPPORTED: foreign-host
// (A foreign host has no tracing subscriber: TORQ_LOG shows nothing there.)
//
// RUN: env TORQ_LOG=torq-add-deallocation=debug,torq-recover-lram-residency=debug,torq-assign-lram-addresses=debug torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEPT
// KEPT: func{name=swap}: torq-add-deallocation: facts handed on, not checked again facts=Checked { across: Some(false), within: Some(2)
// KEPT: func{name=swap}: torq-recover-lram-residency: facts handed on, not checked again facts=Checked { across: Some(false), within: Some(2)
// KEPT: func{name=swap}: torq-assign-lram-addresses: facts handed on, not checked again facts=Checked { across: Some(true), within: Some(2)
//
// A pass that changes the function and does not claim to keep them (a
// host's: strip-debuginfo here) drops them: the next pass checks again.
// RUN: env TORQ_LOG=torq-add-deallocation=debug torq-opt %s --pass-pipeline='builtin.module(func.func(torq-prefetch-inputs{torq-prefetch-algorithm=stream-schedule},strip-debuginfo,torq-add-deallocation))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DROPPED --allow-empty
// DROPPED-NOT: facts handed on
//
// The checker trusts nothing it is handed.
// RUN: env TORQ_LOG=torq-verify-lram=debug torq-opt %s --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' --torq-verify-lram -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKER --allow-empty
// CHECKER-NOT: facts handed on

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
!X = memref<4096xi8>
func.func @swap(%x: !X, %y: !X) {
  %a = memref.alloc() : !L
  torq_hl.load %x : !X to %a : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  %b = memref.alloc() : !L
  torq_hl.load %x : !X to %b : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  torq_hl.store %b : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  torq_hl.store %a : !L to %y : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}
