// Every torq_hl verifier and parser message.
// RUN: torq-opt %s -split-input-file -verify-diagnostics
// UNSUPPORTED: foreign-host
// (This project's torq_hl verifiers and parsers: a foreign host has its own.)

// expected-error @+2 {{expected one of [xram, lram, dtcm, itcm, host] for Torq memory spaces, got: sram}}
// expected-error @+1 {{failed to parse TorqHL_EncodingAttr parameter 'mem_space'}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = sram>>) { return }

// -----

// A key given twice is text the attribute's grammar does not read.
// expected-error @+1 {{unexpected 'counts = [4]' at the end of the attribute}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [4] counts = [4]>>) { return }

// -----

// expected-error @+1 {{enc: counts has 2 entries but strides has 1}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [2, 2] strides = [1]>>) { return }

// -----

// expected-error @+1 {{enc: counts must not be negative, got -2}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [-2]>>) { return }

// -----

// expected-error @+1 {{enc: strides must not be negative, got -1}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram strides = [-1]>>) { return }

// -----

// expected-error @+1 {{enc: padding must not be negative, got -4}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram padding = -4>>) { return }

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @load_wrong_direction(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op copies xram -> lram: expects the input in xram and the output in lram, got lram -> xram}}
  torq_hl.load %l : !L to %x : !X {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @store_wrong_direction(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.store' op copies lram -> xram: expects the output in xram and the input in lram, got xram -> lram}}
  torq_hl.store %x : !X to %l : !L {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @load_from_dtcm(%x: memref<4096xi8, #torq_hl<enc mem_space = dtcm>>, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op copies xram -> lram: expects the input in xram and the output in lram, got dtcm -> lram}}
  torq_hl.load %x : memref<4096xi8, #torq_hl<enc mem_space = dtcm>> to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

func.func @dynamic(%x: memref<?xi8>, %l: memref<?xi8, #torq_hl<enc mem_space = lram>>) {
  // expected-error @+1 {{'torq_hl.load' op expects statically shaped memrefs}}
  torq_hl.load %x : memref<?xi8> to %l : memref<?xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @strides_rank(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op input_strides_bytes has 1 entries but shape has 0}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64: 4>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @store_strides_rank(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.store' op output_strides_bytes has 0 entries but shape has 1}}
  torq_hl.store %l : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64: 2>, element_size_bytes = 2048 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @chunk(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op element_size_bytes must be positive, got 0}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 0 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @shape_entry(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op shape entries must be positive, got 0}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64: 1>, shape = array<i64: 0>, element_size_bytes = 4 : i64}
  return
}

// -----

!X = memref<4xcomplex<f32>>
!L = memref<4xcomplex<f32>, #torq_hl<enc mem_space = lram>>
func.func @elements(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op expects memrefs of integer or float elements}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 32 : i64}
  return
}

// -----

func.func @shapes(%x: memref<64x64xi8>, %l: memref<4096xi8, #torq_hl<enc mem_space = lram>>) {
  // expected-error @+1 {{'torq_hl.load' op input and output shapes differ}}
  torq_hl.load %x : memref<64x64xi8> to %l : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @byte_count(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op transfers 100 bytes (prod(shape) * element_size_bytes) but the memref holds 4096 bytes}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 100 : i64}
  return
}

// -----

// Sub-byte elements: 4096 x i4 is 2048 bytes, rounded once for the buffer.
!X = memref<4096xi4>
!L = memref<4096xi4, #torq_hl<enc mem_space = lram>>
func.func @byte_count_i4(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.store' op transfers 4096 bytes (prod(shape) * element_size_bytes) but the memref holds 2048 bytes}}
  torq_hl.store %l : !L to %x : !X {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram padding = 64>>
func.func @dense(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op the lram side must be dense unless the transfer is unsafe}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// -----

!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram padding = 64>>
func.func @unsafe_too_big(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op unsafe transfer of 4160 bytes exceeds the encoded size of its xram side (4096 bytes)}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4160 : i64, unsafe = true}
  return
}

// -----

func.func @host_copy(%x: memref<16xi8>, %l: memref<16xi8, #torq_hl<enc mem_space = lram>>) {
  // expected-error @+1 {{'torq_hl.host_copy' op copies from xram to xram or lram, got lram -> xram}}
  torq_hl.host_copy %l : memref<16xi8, #torq_hl<enc mem_space = lram>> to %x : memref<16xi8> {output_strides_bytes = array<i64>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16 : i64}
  return
}

// -----

func.func @host_copy_rank(%x: memref<16xi8>, %y: memref<16xi8>) {
  // expected-error @+1 {{'torq_hl.host_copy' op strides and shape must have the same rank}}
  torq_hl.host_copy %x : memref<16xi8> to %y : memref<16xi8> {output_strides_bytes = array<i64: 1>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16 : i64}
  return
}

// -----

func.func @executor_mismatch() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  // expected-error @+1 {{'torq_hl.create_invocation' op invocation for executor 'css' of a program for 'slice'}}
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) : !torq_hl.invocation<css>
  return
}

// -----

func.func @executor_id() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  // expected-error @+1 {{'torq_hl.create_invocation' op executor_id must not be negative}}
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on -1 : !torq_hl.invocation<slice>
  return
}

// -----

func.func @arg_count() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
  ^bb0(%a: memref<4xi8, #torq_hl<enc mem_space = lram>>):
    torq_hl.return
  }
  %i = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) on 0 : !torq_hl.invocation<slice>
  // expected-error @+1 {{'torq_hl.start_program' op program 'p' takes 1 arguments but 0 were passed}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args( : )
  return
}

// -----

func.func @wait_results(%i: !torq_hl.invocation<slice>) {
  // expected-error @+1 {{'torq_hl.wait_program' op only an nss invocation returns results}}
  %r = torq_hl.wait_program %i : !torq_hl.invocation<slice> : memref<4xi8>
  return
}

// -----

// expected-error @+1 {{unexpected 'junk = 5' at the end of the attribute}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram junk = 5>>) { return }

// -----

// expected-error @+2 {{expected one of [slice, css, nss, host] for the unit that runs a program, got: gpu}}
// expected-error @+1 {{failed to parse TorqHL_InvocationType parameter 'executor'}}
func.func @executor(%i: !torq_hl.invocation<gpu>) { return }

// -----

func.func @dynamic_host_copy(%x: memref<16xi8, #torq_hl<enc mem_space = dtcm>>, %y: memref<16xi8>) {
  // expected-error @+1 {{'torq_hl.dynamic_host_copy' op copies from xram to xram or lram, got dtcm -> xram}}
  torq_hl.dynamic_host_copy from %x to %y : memref<16xi8, #torq_hl<enc mem_space = dtcm>>, memref<16xi8> {direction = #torq_hl.dynamic_host_copy_direction<pre_dispatch_read>, element_size_bytes = 16 : i64, input_strides_bytes = array<i64>, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}

// -----

func.func @descriptor_executor() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  // expected-error @+1 {{'torq_hl.descriptor' op invocation for executor 'nss' of a program for 'slice'}}
  %i, %c = torq_hl.descriptor "p" on 0 program %p : <slice> code [array<i8: 1>] : !torq_hl.invocation<nss>, memref<4xi8>
  return
}

// -----

// The argument count is checked through a descriptor too.
func.func @descriptor_arg_count(%a: memref<4xi8, #torq_hl<enc mem_space = lram>>) {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  %i, %c = torq_hl.descriptor "p" on 0 program %p : <slice> code [array<i8: 1>] : !torq_hl.invocation<slice>, memref<4xi8>
  // expected-error @+1 {{'torq_hl.start_program' op program 'p' takes 0 arguments but 1 were passed}}
  torq_hl.start_program %i : !torq_hl.invocation<slice> args(%a : memref<4xi8, #torq_hl<enc mem_space = lram>>)
  return
}

// -----

func.func @no_terminator() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    // expected-error @+1 {{block with no terminator}}
    %a = memref.alloc() : memref<4xi8>
  }
  return
}

// -----

// Byte sizes never wrap: (2^62 + 1) x 64 elements overflow 64 bits.
!X = memref<4611686018427387905x64xi8>
!L = memref<4611686018427387905x64xi8, #torq_hl<enc mem_space = lram>>
func.func @huge(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op the byte size of 'memref<4611686018427387905x64xi8>' does not fit in 64 bits}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}

// -----

!X = memref<4294967296x4294967296xi8>
!L = memref<4294967296x4294967296xi8, #torq_hl<enc mem_space = lram>>
func.func @wraps_to_zero(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op the byte size of 'memref<4294967296x4294967296xi8>' does not fit in 64 bits}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1 : i64}
  return
}

// -----

// The transferred bytes, prod(shape) x element_size_bytes, overflow.
!X = memref<4096xi8>
!L = memref<4096xi8, #torq_hl<enc mem_space = lram>>
func.func @transfer_overflows(%x: !X, %l: !L) {
  // expected-error @+1 {{'torq_hl.load' op transfers more than 2^63 bytes}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64: 1, 1>, shape = array<i64: 4294967296, 4294967296>, element_size_bytes = 1 : i64, unsafe = true}
  return
}
