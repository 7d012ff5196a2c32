// torq_hl in upstream's printed form; the byte-for-byte round trips of every
// construct are in upstream-syntax/. This file checks them together in one
// stream, the generic form, and the forms the verifiers accept.
// RUN: torq-opt %s | FileCheck %s
// RUN: torq-opt %s | torq-opt | FileCheck %s
// RUN: torq-opt %s --mlir-print-op-generic | torq-opt | FileCheck %s

// CHECK-LABEL: func.func @encodings
// CHECK-SAME: memref<5120xi8, #torq_hl<enc mem_space = lram>>
// CHECK-SAME: memref<1x128xf16, #torq_hl<enc mem_space = lram counts = [1, 128] strides = [256, 1]>>
// CHECK-SAME: memref<4x10xi8, #torq_hl<enc mem_space = dtcm counts = [4, 10] strides = [16, 1] padding = 8>>
// CHECK-SAME: memref<16xi4, #torq_hl<enc mem_space = itcm>>
// CHECK-SAME: memref<2xi32, #torq_hl<enc mem_space = host>>
// CHECK-SAME: memref<8xi8, #torq_hl<enc mem_space = xram>>
func.func @encodings(%a: memref<5120xi8, #torq_hl<enc mem_space = lram>>,
                     %b: memref<1x128xf16, #torq_hl<enc mem_space = lram counts = [1, 128] strides = [256, 1]>>,
                     %c: memref<4x10xi8, #torq_hl<enc mem_space = dtcm counts = [4, 10] strides = [16, 1] padding = 8>>,
                     %d: memref<16xi4, #torq_hl<enc mem_space = itcm>>,
                     %e: memref<2xi32, #torq_hl<enc mem_space = host>>,
                     %f: memref<8xi8, #torq_hl<enc mem_space = xram>>) {
  return
}

// CHECK-LABEL: func.func @stream
func.func @stream(%out: memref<4096xi8>) {
  // CHECK: %[[W:.*]] = "torq_hl.map_binding"() <{binding_index = 0 : index, is_read_only = true, is_write_only = false, offset = 0 : index}> : () -> memref<4096xi8>
  %w = "torq_hl.map_binding"() <{binding_index = 0 : index, is_read_only = true, is_write_only = false, offset = 0 : index}> : () -> memref<4096xi8>
  // CHECK: %[[O2:.*]] = "torq_hl.map_binding"() <{binding_index = 1 : index, is_read_only = false, is_write_only = true, offset = 64 : index}> : () -> memref<16xi8>
  %o2 = "torq_hl.map_binding"() <{binding_index = 1 : index, is_read_only = false, is_write_only = true, offset = 64 : index}> : () -> memref<16xi8>
  // CHECK: %[[K:.*]] = "torq_hl.const"() <{value = dense<1> : tensor<16xi8>}> : () -> memref<16xi8>
  %k = "torq_hl.const"() <{value = dense<1> : tensor<16xi8>}> : () -> memref<16xi8>
  // CHECK: %[[A:.*]] = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  %a = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  // CHECK: torq_hl.load %[[W]] : memref<4096xi8> to %[[A]] : memref<4096xi8, #torq_hl<enc mem_space = lram>> {element_size_bytes = 4096 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.load %w : memref<4096xi8> to %a : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  // CHECK: torq_hl.load {{.*}} {element_size_bytes = 1024 : i64, input_strides_bytes = array<i64: 1024>, shape = array<i64: 4>, unsafe = true}
  torq_hl.load %w : memref<4096xi8> to %a : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64: 1024>, shape = array<i64: 4>, element_size_bytes = 1024 : i64, unsafe = true}
  // CHECK: %[[P:.*]] = torq_hl.program "slice_program_fc_0" : !torq_hl.program<slice> {
  // CHECK-NEXT: ^bb0(%{{.*}}: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %{{.*}}: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
  %p = torq_hl.program "slice_program_fc_0" : !torq_hl.program<slice> {
  ^bb0(%x: memref<4096xi8, #torq_hl<enc mem_space = lram>>, %y: memref<4096xi8, #torq_hl<enc mem_space = lram>>):
    torq_hl.return
  }
  // CHECK: %[[INV:.*]], %[[CODE:.*]] = torq_hl.create_invocation "slice_program_fc_0" program(%[[P]] : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>, memref<5120xi8>
  %inv, %code = torq_hl.create_invocation "slice_program_fc_0" program(%p : !torq_hl.program<slice>) on 1 : !torq_hl.invocation<slice>, memref<5120xi8>
  %b = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  // CHECK: torq_hl.start_program %[[INV]] : !torq_hl.invocation<slice> args(%[[A]], %{{.*}} : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>) code(%[[CODE]] : memref<5120xi8>)
  torq_hl.start_program %inv : !torq_hl.invocation<slice> args(%a, %b : memref<4096xi8, #torq_hl<enc mem_space = lram>>, memref<4096xi8, #torq_hl<enc mem_space = lram>>) code(%code : memref<5120xi8>)
  // CHECK: torq_hl.wait_program %[[INV]] : !torq_hl.invocation<slice>
  torq_hl.wait_program %inv : !torq_hl.invocation<slice>
  // CHECK: torq_hl.store %{{.*}} : memref<4096xi8, #torq_hl<enc mem_space = lram>> to %{{.*}} : memref<4096xi8> {element_size_bytes = 4096 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %b : memref<4096xi8, #torq_hl<enc mem_space = lram>> to %out : memref<4096xi8> {output_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  // CHECK: torq_hl.host_copy %[[K]] : memref<16xi8> to %[[O2]] : memref<16xi8> {element_size_bytes = 16 : i64, input_strides_bytes = array<i64>, output_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.host_copy %k : memref<16xi8> to %o2 : memref<16xi8> {output_strides_bytes = array<i64>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 16 : i64}
  return
}

// A segmented NSS program that starts a slice program through descriptors,
// as upstream's later stages write it.
// CHECK-LABEL: func.func @segmented
// CHECK: torq_hl.program "nss_program_1" {block_sizes = array<i32: 364, 188>} : !torq_hl.program<nss> {
// CHECK: torq_hl.get_block %{{.*}} block 1 : !torq_hl.invocation<nss> -> memref<188xi8>
// CHECK: torq_hl.next lram_area(%{{.*}} : memref<640xi8, #torq_hl<enc mem_space = lram>>) to ^bb1 {lramAddress = 0 : i64}
// CHECK: ^bb1:
// CHECK: torq_hl.return %{{.*}}, %{{.*}} : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>
// CHECK: %[[INV:.*]], %{{.*}}:2 = torq_hl.descriptor "nss_program_1" on 0 program %{{.*}} : <nss> code [array<i8: 0, 1, 12, 16>] {executor_code_addresses = array<i64: 640>, xram_code_addresses = array<i64: 1054348, 1054712>} : !torq_hl.invocation<nss>, memref<364xi8>, memref<188xi8>
// CHECK: torq_hl.start_program %[[INV]] : !torq_hl.invocation<nss> args(%{{.*}}, %{{.*}}, %[[INV]] : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>, !torq_hl.invocation<nss>) code(%{{.*}} : memref<640xi8, #torq_hl<enc mem_space = lram>>)
// CHECK: %{{.*}}:2 = torq_hl.wait_program %[[INV]] : !torq_hl.invocation<nss> {result_addresses = array<i64: 640, 0>} : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>
func.func @segmented(%s0: memref<640xi8, #torq_hl<enc mem_space = lram>>, %s1: memref<640xi8, #torq_hl<enc mem_space = lram>>) {
  %p = torq_hl.program "nss_program_1" {block_sizes = array<i32: 364, 188>} : !torq_hl.program<nss> {
  ^bb0(%arg0: memref<640xi8, #torq_hl<enc mem_space = lram>>, %arg1: memref<640xi8, #torq_hl<enc mem_space = lram>>, %arg2: !torq_hl.invocation<nss>):
    %0 = torq_hl.get_block %arg2 block 1 : !torq_hl.invocation<nss> -> memref<188xi8>
    torq_hl.next lram_area(%arg1 : memref<640xi8, #torq_hl<enc mem_space = lram>>) to ^bb1 {lramAddress = 0 : i64}
  ^bb1:
    torq_hl.return %arg0, %arg1 : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>
  }
  %inv, %code:2 = torq_hl.descriptor "nss_program_1" on 0 program %p : <nss> code [array<i8: 0, 1, 12, 16>] {executor_code_addresses = array<i64: 640>, xram_code_addresses = array<i64: 1054348, 1054712>} : !torq_hl.invocation<nss>, memref<364xi8>, memref<188xi8>
  torq_hl.start_program %inv : !torq_hl.invocation<nss> args(%s0, %s1, %inv : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>, !torq_hl.invocation<nss>) code(%s0 : memref<640xi8, #torq_hl<enc mem_space = lram>>)
  %r:2 = torq_hl.wait_program %inv : !torq_hl.invocation<nss> {result_addresses = array<i64: 640, 0>} : memref<640xi8, #torq_hl<enc mem_space = lram>>, memref<640xi8, #torq_hl<enc mem_space = lram>>
  return
}

// CHECK-LABEL: func.func @css
// CHECK: torq_hl.create_invocation "css_0" program(%{{.*}} : !torq_hl.program<css>) {executor_code_addresses = array<i64: 0>, invocation_args = [1], xram_code_addresses = array<i64: 4096>} : !torq_hl.invocation<css>
// CHECK: torq_hl.start_program %{{.*}} : !torq_hl.invocation<css> args( : ){{$}}
func.func @css() {
  %p = torq_hl.program "css_0" : !torq_hl.program<css> {
    torq_hl.return
  }
  %inv = torq_hl.create_invocation "css_0" program(%p : !torq_hl.program<css>) {executor_code_addresses = array<i64: 0>, xram_code_addresses = array<i64: 4096>, invocation_args = [1 : i64]} : !torq_hl.invocation<css>
  torq_hl.start_program %inv : !torq_hl.invocation<css> args( : )
  torq_hl.wait_program %inv : !torq_hl.invocation<css>
  return
}
