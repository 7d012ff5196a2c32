// torq-prefetch-effort (as -O) gives the options a pass was not given the
// values of its row of the effort table (options::EFFORT, docs/options.md),
// when the pass's options are set.
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=0' > %t.e0
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo torq-placement=first-fit' > %t.spec
// RUN: diff %t.e0 %t.spec
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule' > %t.e2
// RUN: not diff %t.e0 %t.e2
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=2' > %t.e2b
// RUN: diff %t.e2 %t.e2b
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=1 torq-prefetch-report=%t.e1.json' > /dev/null
// RUN: FileCheck %s --check-prefix=E1 < %t.e1.json
// E1: "polish": {
// E1: "moves": 0,
// E1: "skipped": "torq-polish-moves is 0"

// Effort 2 (the default) runs the search with small budgets: the oracle and
// the improvement search where the bound leaves more than 2%. On the chain
// of mixed weights the bound leaves 3%: the oracle runs until its 50 steps
// are spent, and the improvement search runs its 3000 moves.
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-prefetch-report=%t.e2.json' > /dev/null
// RUN: FileCheck %s --check-prefix=E2 < %t.e2.json
// E2: "improve": {
// E2: "moves": 3000,
// E2: "oracle": [
// E2-NEXT: {
// E2-NOT: "skipped"
// E2: "stopped": "steps"

// An option given a value of its own keeps it: effort 3 with fifo is fifo.
// Given its default value, it keeps that too: effort 2 with portfolio is
// the portfolio (no oracle), and the pass holds (and prints) the values it
// runs with. A global flag is given as well. The exact oracle
// (torq-prefetch-algorithm=oracle) keeps its own budgets at every level.
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-effort=2' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP2
// DUMP2: torq-prefetch-inputs{{.*}} torq-greedy-decodes=150 {{.*}} torq-improve-moves=3000 {{.*}} torq-list-policy=search {{.*}} torq-oracle-gap-ppm=20000 torq-oracle-steps=50 {{.*}} torq-prefetch-effort=2
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-effort=2 torq-list-policy=portfolio' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-effort=2' --torq-list-policy=portfolio --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: torq-prefetch-inputs{{.*}} torq-improve-moves=3000 {{.*}} torq-list-policy=portfolio {{.*}} torq-oracle-steps=50
// RUN: torq-opt %inputs/prefetch-portfolio.mlir --torq-nss-pipeline='torq-prefetch-algorithm=oracle torq-prefetch-effort=3' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXACT
// EXACT: torq-prefetch-inputs{{.*}} torq-improve-moves=40000 {{.*}} torq-list-policy=search {{.*}} torq-oracle-gap-ppm=0 torq-oracle-steps=5000 {{.*}} torq-prefetch-algorithm=oracle
// RUN: torq-opt %inputs/prefetch-mixed-weights.mlir --torq-nss-pipeline='torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio torq-prefetch-report=%t.e2p.json' > /dev/null
// RUN: FileCheck %s --check-prefix=E2P < %t.e2p.json
// E2P: "decision": "committed the DMA-order descent's order (from the list start)"
// E2P-NOT: "oracle": [
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
// RUN: %check-report %t.e1.json %t.e2.json %t.e2p.json %t.e3.json
