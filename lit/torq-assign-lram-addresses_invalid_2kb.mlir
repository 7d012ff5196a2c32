// Fragmentation on a 2 KB target: 2048 - 1280 = 768 usable bytes. Upstream's
// first-fit placement fails on both; offline placement (the default) places
// both, with fewer swaps, and torq-verify-lram accepts the result.
// RUN: torq-opt %s -split-input-file -verify-diagnostics --torq-assign-lram-addresses='torq-hw=0:2:2:coral_v1:nss_v1 torq-placement=first-fit'
// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses='torq-hw=0:2:2:coral_v1:nss_v1' --torq-verify-lram='torq-hw=0:2:2:coral_v1:nss_v1' | FileCheck %s --check-prefix=OFFLINE

!S = memref<128xi8, #torq_hl<enc mem_space = lram>>
!V = memref<128xi8, strided<[1]>, #torq_hl<enc mem_space = lram>>
// b1 at [0,128), b2 at [128,640); b0 (384) evicts both and takes [0,384).
// The copy needs b1 and b2 back: b1 lands at [384,512), b0 goes out, and the
// 640 free bytes are [0,384) and [512,768): no 512-byte piece.
// Offline: b1 at [512,640), b2 below it; b2 goes out for b0 (furthest next
// use is a tie: the larger), b0 goes out and b2 comes back to [0,512) for
// the copy.
// OFFLINE-LABEL: func.func @swap_in_fragmented
// OFFLINE: memref.alloc() {lram_address = 1792 : i64} : memref<128xi8
// OFFLINE: memref.alloc() {lram_address = 1280 : i64} : memref<512xi8
// OFFLINE: torq_hl.store
// OFFLINE: memref.alloc() {lram_address = 1280 : i64} : memref<384xi8
// OFFLINE: torq_hl.store
// OFFLINE: memref.alloc() {lram_address = 1280 : i64} : memref<512xi8
// OFFLINE-NEXT: torq_hl.load
// OFFLINE: memref.copy
func.func @swap_in_fragmented() {
  %b1 = memref.alloc() : !S
  %b2 = memref.alloc() : memref<512xi8, #torq_hl<enc mem_space = lram>>
  %b0 = memref.alloc() : memref<384xi8, #torq_hl<enc mem_space = lram>>
  %v2 = memref.subview %b2[0] [128] [1] : memref<512xi8, #torq_hl<enc mem_space = lram>> to !V
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{unable to free enough space}}
  memref.copy %b1, %v2 : !S to !V
  return
}

// -----

!S = memref<128xi8, #torq_hl<enc mem_space = lram>>
// a [0,320), b [320,448) pinned by a running program, c [448,768). d (384)
// evicts a and c, but the free pieces are 320 bytes each. Offline puts b
// above both, so a and c leave one 640-byte piece for d.
// OFFLINE-LABEL: func.func @result_fragmented
// OFFLINE: memref.alloc() {lram_address = 1280 : i64} : memref<320xi8
// OFFLINE: memref.alloc() {lram_address = 1920 : i64} : memref<128xi8
// OFFLINE: memref.alloc() {lram_address = 1600 : i64} : memref<320xi8
// OFFLINE: torq_hl.start_program
// OFFLINE: memref.alloc() {lram_address = 1280 : i64} : memref<384xi8
// OFFLINE-NEXT: torq_hl.wait_program
func.func @result_fragmented() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
  ^bb0(%arg: !S):
    torq_hl.return
  }
  %a = memref.alloc() : memref<320xi8, #torq_hl<enc mem_space = lram>>
  %b = memref.alloc() : !S
  %c = memref.alloc() : memref<320xi8, #torq_hl<enc mem_space = lram>>
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%b : !S)
  // expected-error @+2 {{failed to allocate LRAM addresses}}
  // expected-error @+1 {{unable to allocate space for result #0}}
  %d = memref.alloc() : memref<384xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.wait_program %i : !torq_hl.invocation<slice>
  return
}
