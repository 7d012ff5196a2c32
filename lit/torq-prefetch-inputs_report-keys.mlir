// Every function has its entry in the report: two functions with one name
// and one location (two nested modules) get `name@location#1` and `#2`.
// RUN: torq-opt %s --pass-pipeline="builtin.module(builtin.module(func.func(torq-prefetch-inputs{torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t.json})))" -o /dev/null
// RUN: FileCheck %s < %t.json
// RUN: %check-report %t.json

// CHECK: "functions": {
// CHECK-NEXT: "f@loc(\"same.mlir\":1:1)#1": [
// CHECK: "f@loc(\"same.mlir\":1:1)#2": [
// CHECK: "producer":

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
module {
  module @a {
    func.func @f(%x: memref<64xi8>) {
      %a = memref.alloc() : !L
      torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
      torq_hl.store %a : !L to %x : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
      memref.dealloc %a : !L
      return
    } loc("same.mlir":1:1)
  }
  module @b {
    func.func @f(%x: memref<64xi8>) {
      %a = memref.alloc() : !L
      torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
      memref.dealloc %a : !L
      return
    } loc("same.mlir":1:1)
  }
}
