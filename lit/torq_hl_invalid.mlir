// Every torq_hl verifier and parser message.
// RUN: torq-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown memory space 'sram' (expected xram, lram, dtcm, itcm or host)}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = sram>>) { return }

// -----

// expected-error @+1 {{'counts' given twice}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [4] counts = [4]>>) { return }

// -----

// expected-error @+1 {{enc: counts has 2 entries but strides has 1}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [2, 2] strides = [1]>>) { return }

// -----

// expected-error @+1 {{enc: counts must be positive, got 0}}
func.func @f(%a: memref<4xi8, #torq_hl<enc mem_space = lram counts = [0]>>) { return }

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
  // expected-error @+1 {{'torq_hl.host_copy' op copies between xram buffers, got a lram operand}}
  torq_hl.host_copy %x : memref<16xi8> to %l : memref<16xi8, #torq_hl<enc mem_space = lram>> {output_strides_bytes = array<i64>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16 : i64}
  return
}

// -----

func.func @host_copy_rank(%x: memref<16xi8>, %y: memref<16xi8>) {
  // expected-error @+1 {{'torq_hl.host_copy' op strides and shape must have the same rank}}
  torq_hl.host_copy %x : memref<16xi8> to %y : memref<16xi8> {output_strides_bytes = array<i64: 1>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16 : i64}
  return
}

// -----

func.func @const_space() {
  // expected-error @+1 {{'torq_hl.const' op result must be in xram, got lram}}
  %k = torq_hl.const dense<1> : tensor<16xi8> : memref<16xi8, #torq_hl<enc mem_space = lram>>
  return
}

// -----

func.func @const_dynamic() {
  // expected-error @+1 {{'torq_hl.const' op expects a statically shaped result}}
  %k = torq_hl.const dense<1> : tensor<16xi8> : memref<?xi8>
  return
}

// -----

func.func @binding() {
  // expected-error @+1 {{'torq_hl.map_binding' op cannot be both read-only and write-only}}
  %b = torq_hl.map_binding {binding_index = 0 : i64, is_read_only = true, is_write_only = true} : memref<16xi8>
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

func.func @code_space() {
  %p = torq_hl.program "p" : !torq_hl.program<slice> {
    torq_hl.return
  }
  // expected-error @+1 {{'torq_hl.create_invocation' op code sections must be in xram}}
  %i, %c = torq_hl.create_invocation "p" program(%p : !torq_hl.program<slice>) : !torq_hl.invocation<slice>, memref<5120xi8, #torq_hl<enc mem_space = lram>>
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
  torq_hl.start_program %i : !torq_hl.invocation<slice>
  return
}

// -----

func.func @wait_results(%i: !torq_hl.invocation<slice>) {
  // expected-error @+1 {{'torq_hl.wait_program' op only an nss invocation returns results}}
  %r = torq_hl.wait_program %i : !torq_hl.invocation<slice> -> memref<4xi8>
  return
}

// -----

func.func @return_parent() {
  // expected-error @+1 {{'torq_hl.return' op expects parent op 'torq_hl.program'}}
  torq_hl.return
}

// -----

// expected-error @+2 {{expected one of [slice, css, nss, host] for the unit that runs a program, got: gpu}}
// expected-error @+1 {{failed to parse TorqHL_InvocationType parameter 'executor'}}
func.func @executor(%i: !torq_hl.invocation<gpu>) { return }
