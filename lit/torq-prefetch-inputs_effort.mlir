// torq-prefetch-effort (as -O) gives the options left at their defaults the
// values of its row of the effort table (options::EFFORT, docs/options.md).
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=0' > %t.e0
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo placement=first-fit' > %t.spec
// RUN: diff %t.e0 %t.spec
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.e2
// RUN: not diff %t.e0 %t.e2
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=2' > %t.e2b
// RUN: diff %t.e2 %t.e2b
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=1 torq-prefetch-report=%t.e1.json' > /dev/null
// RUN: FileCheck %s --check-prefix=E1 < %t.e1.json
// E1: "polish": {
// E1: "moves": 0,
// E1: "skipped": "torq-polish-moves or torq-polish-priced is 0"

// An option given a value of its own keeps it: effort 3 with fifo is fifo.
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3 torq-list-policy=fifo' > %t.e3fifo
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo' > %t.fifo
// RUN: diff %t.e3fifo %t.fifo

// Effort 3 is the search, with 200 oracle steps and the gap: on the
// 4-program function where the search once ran past 300 s it is the search
// with those options; whatever its steps, the block's lower bound (slices,
// bytes that cannot be live together) proves the list schedule within 0.5%
// before the oracle's first probe, and the improvement search is skipped.
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3' > %t.e3
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=search torq-oracle-gap-ppm=5000 torq-oracle-steps=200' > %t.search
// RUN: diff %t.e3 %t.search
// RUN: torq-opt %inputs/search-does-not-finish.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3 torq-oracle-steps=1000 torq-prefetch-report=%t.e3.json' > /dev/null
// RUN: FileCheck %s --check-prefix=E3 < %t.e3.json
// E3: "improve": {
// E3: "skipped": "the committed order is within torq-oracle-gap-ppm of the bound"
// E3: "oracle": [
// E3: "bound": 172676,
// E3: "probes": 0,
// E3-NEXT: "stopped": "gap"

// The level is an option of the passes and the pipeline, shown by
// --dump-pass-pipeline, and range-checked where it is parsed.
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-effort=3' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: torq-prefetch-inputs{{.*}}torq-prefetch-effort=3
// DUMP: torq-assign-lram-addresses{{.*}}torq-prefetch-effort=3
// RUN: not torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-effort=4' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: option 'torq-prefetch-effort'
// RUN: %check-report %t.e1.json %t.e3.json
