// RUN: torq-opt %s -split-input-file --torq-assign-lram-addresses --torq-verify-lram | FileCheck %s

!X = memref<64xi8>

// SL2610: 512 KiB, the lowest 1280 B reserved. Under 8 KiB: first fit from the
// bottom; 8 KiB and more: first fit from the top. Sizes round up to 8 bytes.
// CHECK-LABEL: func.func @policy
func.func @policy(%x: !X) {
  // bottom-up: 1280
  // CHECK: memref.alloc() {lram_address = 1280 : i64} : memref<100xi8
  %a = memref.alloc() : memref<100xi8, #torq_hl<enc mem_space = lram>>
  // top-down: 524288 - 65536 = 458752
  // CHECK: memref.alloc() {lram_address = 458752 : i64} : memref<65536xi8
  %b = memref.alloc() : memref<65536xi8, #torq_hl<enc mem_space = lram>>
  // top-down, under the first: 458752 - 8192 = 450560
  // CHECK: memref.alloc() {lram_address = 450560 : i64} : memref<8192xi8
  %c = memref.alloc() : memref<8192xi8, #torq_hl<enc mem_space = lram>>
  // bottom-up after 100 B rounded to 104: 1280 + 104 = 1384
  // CHECK: memref.alloc() {lram_address = 1384 : i64} : memref<100xi4
  %d = memref.alloc() : memref<100xi4, #torq_hl<enc mem_space = lram>>
  // 100 x i4 = 50 B -> 56: 1384 + 56 = 1440; padding counts: 64 + 64 B
  // CHECK: memref.alloc() {lram_address = 1440 : i64} : memref<64xi8, #torq_hl<enc mem_space = lram padding = 64>>
  %e = memref.alloc() : memref<64xi8, #torq_hl<enc mem_space = lram padding = 64>>
  // 1440 + 128 = 1568; XRAM allocs get no address.
  // CHECK: memref.alloc() {lram_address = 1568 : i64} : memref<8xi8
  %f = memref.alloc() : memref<8xi8, #torq_hl<enc mem_space = lram>>
  // CHECK: memref.alloc() : memref<16xi8>
  %g = memref.alloc() : memref<16xi8>
  memref.dealloc %a : memref<100xi8, #torq_hl<enc mem_space = lram>>
  // A hole is reused: 1280 again.
  // CHECK: memref.alloc() {lram_address = 1280 : i64} : memref<96xi8
  %h = memref.alloc() : memref<96xi8, #torq_hl<enc mem_space = lram>>
  return
}


// Sizes are upstream's encoded total sizes: padding counts elements, and with
// encoding strides the buffer is strides[0] x shape[0] + padding elements.
// CHECK-LABEL: func.func @upstream_sizes
func.func @upstream_sizes() {
  // CHECK: memref.alloc() {lram_address = 1280 : i64} : memref<64xi32
  %a = memref.alloc() : memref<64xi32, #torq_hl<enc mem_space = lram padding = 16>>
  // (64 + 16) x 4 B = 320 B: 1280 + 320 = 1600.
  // CHECK: memref.alloc() {lram_address = 1600 : i64} : memref<4x10xi16
  %b = memref.alloc() : memref<4x10xi16, #torq_hl<enc mem_space = lram counts = [4, 10] strides = [16, 1] padding = 8>>
  // (16 x 4 + 8) x 2 B = 144 B: 1600 + 144 = 1744.
  // CHECK: memref.alloc() {lram_address = 1744 : i64} : memref<i32
  %c = memref.alloc() : memref<i32, #torq_hl<enc mem_space = lram padding = 1>>
  // Rank 0: (1 + 1) x 4 B = 8 B: 1744 + 8 = 1752.
  // CHECK: memref.alloc() {lram_address = 1752 : i64} : memref<8xi8
  %d = memref.alloc() : memref<8xi8, #torq_hl<enc mem_space = lram>>
  return
}

// -----

// A declaration has nothing to allocate.
// CHECK-LABEL: func.func private @declared
func.func private @declared(memref<64xi8, #torq_hl<enc mem_space = lram>>)
