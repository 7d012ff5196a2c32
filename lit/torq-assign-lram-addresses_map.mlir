// torq-lram-map: the memory map (one rectangle per stay of a buffer in LRAM,
// swaps marked) and the DMA and slice timeline, as SVG, of every function
// the pass allocates; the file is written once per run, functions in
// name order. The pass-1 input on a 32 KB target with first-fit FIFO swaps
// one buffer out and back (two swaps, marked):
// RUN: torq-opt %inputs/prefetch-pass1.mlir --torq-nss-pipeline='torq-hw=0:32:2:coral_v1:nss_v1 torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-placement=first-fit torq-lram-map=%t.svg' > /dev/null
// RUN: FileCheck %s --check-prefix=SWAPS < %t.svg
// A name XML cannot hold (a control character: legal MLIR) still gives a
// well-formed file (Python's XML parser reads it):
// RUN: sed 's/@worked_example_1/@"we\\01x"/' %S/../examples/worked-example-1.mlir > %t.we.mlir
// RUN: torq-opt %t.we.mlir --torq-nss-pipeline='torq-lram-map=%t.we.svg' -o /dev/null
// RUN: %python -c "import sys, xml.etree.ElementTree as E; t = E.parse(sys.argv[1]); print('well formed', t.getroot().tag)" %t.we.svg | FileCheck %s --check-prefix=WELL
// WELL: well formed {http://www.w3.org/2000/svg}svg
// The pass says why it swaps (a remark on the function):
// RUN: torq-opt %inputs/prefetch-pass1.mlir --torq-nss-pipeline='torq-hw=0:32:2:coral_v1:nss_v1 torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-placement=first-fit' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHY-FF
// WHY-FF: remark: torq-assign-lram-addresses: 2 swap transfers; placed by upstream's first fit (torq-placement=first-fit)
// RUN: torq-opt %S/torq-assign-lram-addresses_invalid_2kb.mlir -split-input-file --torq-assign-lram-addresses='torq-hw=0:2:2:coral_v1:nss_v1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHY
// WHY: remark: torq-assign-lram-addresses: 3 swap transfers; no placement without swaps exists (proven by the packing search)
// The map has a legend, scales to the highest placed byte (here usable LRAM
// itself, drawn as a dashed line), has address ticks in KiB and cycle ticks,
// and names each stay by its SSA value and location.
// SWAPS: <svg xmlns="http://www.w3.org/2000/svg"
// SWAPS: >load</text>
// SWAPS: >store</text>
// SWAPS: >swap transfer</text>
// SWAPS: >slice program</text>
// SWAPS: @f (23619 cycles, 17 buffers, 2 swaps, peak address 30.8 KiB)
// SWAPS: >0 B</text>
// SWAPS: >10 KiB</text>
// SWAPS: <title>%{{[a-z0-9_]+}} ({{[0-9]+}} B) at {{.*}}prefetch-pass1.mlir:{{[0-9]+}}:{{[0-9]+}} [0,
// SWAPS: swapped out
// SWAPS: swapped in
// SWAPS: usable LRAM 30.8 KiB</text>
// SWAPS: DMA
// SWAPS: >20000</text>
// SWAPS: >cycles</text>
// The pipeline hands the option on; a worked example has no swap:
// RUN: torq-opt %S/../examples/worked-example-1.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-lram-map=%t.ex1.svg' > /dev/null
// RUN: FileCheck %s --check-prefix=EX1 < %t.ex1.svg
// A function far below LRAM scales to its own peak; usable LRAM is named.
// EX1: @worked_example_1 (250 cycles, 6 buffers, 0 swaps, peak address 624 B, usable LRAM 510.8 KiB above the scale)
// EX1-COUNT-6: <title>%
// EX1: DMA
// EX1: slice 0
// EX1: slice 1
// As a global flag it acts like the option:
// RUN: torq-opt %S/../examples/worked-example-1.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' --torq-lram-map=%t.global.svg > /dev/null
// RUN: diff %t.ex1.svg %t.global.svg
// An unknown placement is refused:
// RUN: not torq-opt %S/../examples/worked-example-1.mlir --torq-assign-lram-addresses='torq-placement=best' 2>&1 | FileCheck %s --check-prefix=PLACEMENT
// PLACEMENT: error: torq-assign-lram-addresses: option 'torq-placement': 'best' is invalid: expected one of offline, first-fit
// A map that cannot be written fails the pass with the function unchanged:
// RUN: not torq-opt %S/../examples/worked-example-1.mlir --torq-nss-pipeline='torq-lram-map=%t.missing/dir/map.svg' 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: torq-assign-lram-addresses: cannot write {{.*}}map.svg
