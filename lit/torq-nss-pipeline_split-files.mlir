// Under --split-input-file each chunk is its own run: the first chunk's
// report is the file named, chunk k's carries `.k` before the extension,
// and each holds its own chunk's functions. (torq-opt's numbering; a host's
// own driver names its runs with torq::sched::numberRun.)
// UNSUPPORTED: foreign-host
// RUN: rm -rf %t && mkdir -p %t
// RUN: torq-opt %s -split-input-file --torq-nss-pipeline="torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t/r.json torq-prefetch-trace=%t/t.json torq-lram-map=%t/m.svg" -o /dev/null
// RUN: FileCheck %s --check-prefix=R0 < %t/r.json
// RUN: FileCheck %s --check-prefix=R1 < %t/r.1.json
// RUN: FileCheck %s --check-prefix=T1 < %t/t.1.json
// RUN: FileCheck %s --check-prefix=M1 < %t/m.1.svg
// RUN: %check-report %t/r.json %t/r.1.json

// R0: "functions": {
// R0-NEXT: "first": [
// R0-NOT: "second"
// R1: "functions": {
// R1-NEXT: "second": [
// R1-NOT: "first"
// T1: "name": "@second"
// M1: @second

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @first(%x: memref<64xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a : !L to %x : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}

// -----

!L = memref<64xi8, #torq_hl<enc mem_space = lram>>
func.func @second(%x: memref<64xi8>) {
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<64xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64>, shape = array<i64>}
  torq_hl.store %a : !L to %x : memref<64xi8> {element_size_bytes = 64 : i64, output_strides_bytes = array<i64>, shape = array<i64>}
  return
}
