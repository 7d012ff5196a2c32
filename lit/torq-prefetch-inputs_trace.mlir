// torq-prefetch-trace writes one valid Chrome trace (JSON Object Format, as
// Perfetto and chrome://tracing read it): traceEvents at the top level, one
// named process per function, a named track per block and lane, one trace
// microsecond per cycle.
// RUN: %python %inputs/many-functions.py 3 > %t.mlir
// RUN: torq-opt %t.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-trace=%t.trace.json' -o /dev/null
// RUN: %python %inputs/check-chrome-trace.py %t.trace.json | FileCheck %s
// CHECK: process 1: @f0
// CHECK-NEXT: track 1: block 0: DMA
// CHECK-NEXT: track 2: block 0: slice 0
// CHECK-NEXT: track 3: block 0: slice 1
// CHECK-NEXT: track 4: block 0: stream (barriers)
// CHECK-NEXT: process 2: @f1
// CHECK: process 3: @f2
// CHECK: valid Chrome trace
// The same file as a trace reader from the npm registry loads it: every
// track with its metadata, its complete events and (on the DMA track) the
// live LRAM counter.
// RUN: %check-trace %t.trace.json | FileCheck %s --check-prefix=READER
// READER: process 1: @f0
// READER-NEXT: thread 1: block 0: DMA: C={{[0-9]+}} M=2 X={{[0-9]+}}
// READER-NEXT: thread 2: block 0: slice 0: M=2 X={{[0-9]+}}
// READER: process 3: @f2
// READER: read by trace-model
// RUN: FileCheck %s --check-prefix=UNIT < %t.trace.json
// UNIT: "time unit": "1 trace microsecond = 1 cycle"
// UNIT-NOT: displayTimeUnit

// Two blocks of one function: a track per block and lane, in one process.
// (PrefetchInputs schedules every block; the allocator places one, so not
// the whole pipeline.)
// RUN: torq-opt %s --torq-annotate-dma-and-slice-cycles --torq-prefetch-inputs='torq-prefetch-algorithm=stream-schedule torq-prefetch-trace=%t.blocks.json' -o /dev/null
// RUN: %python %inputs/check-chrome-trace.py %t.blocks.json | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: process 1: @two_blocks
// BLOCKS: track 1: block 0: DMA
// BLOCKS: track 5: block 1: DMA
// BLOCKS: valid Chrome trace
// RUN: %check-trace %t.blocks.json | FileCheck %s --check-prefix=BLOCKS-READER
// BLOCKS-READER: process 1: @two_blocks
// BLOCKS-READER: thread 5: block 1: DMA: C={{[0-9]+}} M=2 X={{[0-9]+}}
// BLOCKS-READER: read by trace-model

func.func @two_blocks(%x: memref<4096xi8>, %y: memref<4096xi8>) {
  %l = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x : memref<4096xi8> to %l : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  cf.br ^next
^next:
  %m = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %y : memref<4096xi8> to %m : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}

// torq-prefetch-explain prints a row per step of whatever order is committed:
// here the DMA-order descent's, which no list-scheduler run produced.
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-explain=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: committed the DMA-order descent's order
// EXPLAIN: step | unit | emits | start | end
// EXPLAIN-NEXT: 1 | DMA | L1 | 0 |
// EXPLAIN-NEXT: 2 | s0 | start m0 |
