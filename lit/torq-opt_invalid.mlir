// Bad input reaches the user as a located diagnostic and exit code 1.
// RUN: not torq-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not torq-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not torq-opt %inputs/parse-error-heap.mlir 2>&1 | FileCheck %s --check-prefix=HEAP
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-hw=bogus' 2>&1 | FileCheck %s --check-prefix=HW
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-hw=sl2610' 2>&1 | FileCheck %s --check-prefix=HW-CASE
// RUN: not torq-opt %inputs/one-load.mlir --torq-assign-lram-addresses='torq-hw=0:18446744073709551615:2:coral_v1:nss_v1' 2>&1 | FileCheck %s --check-prefix=HW-LRAM
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-hw=0:8:2:coral_v1:nss_v1:8:1e-320' 2>&1 | FileCheck %s --check-prefix=HW-RATE
// RUN: not torq-opt %inputs/one-load.mlir --torq-prefetch-inputs='torq-hw=0:8:2:gpu:nss_v1' 2>&1 | FileCheck %s --check-prefix=HW-CSS
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-dma-in-mtu=99' 2>&1 | FileCheck %s --check-prefix=MTU
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-dma-in-mtu=x' 2>&1 | FileCheck %s --check-prefix=BADOPT

// HEAP: parse-error-heap.mlir:6:10: error: expected operation name in quotes
// MISSING: cannot open input file '{{.*}}torq-opt_invalid.mlir.missing': No such file or directory
// BADOPT: error: torq-annotate-dma-and-slice-cycles: option 'torq-dma-in-mtu': 'x' is not a decimal integer

// HW: error: torq-annotate-dma-and-slice-cycles: option 'torq-hw': 'bogus' is invalid: invalid hardware description 'bogus': expected SL2610 or hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]] with 5 to 7 fields separated by ':'
// HW-CASE: error: {{.*}}option 'torq-hw': {{.*}}invalid hardware description 'sl2610': expected SL2610 or
// HW-LRAM: error: {{.*}}option 'torq-hw': {{.*}}invalid hardware description '0:18446744073709551615:2:coral_v1:nss_v1': {{.*}} with lram_kb in 1..=4194304
// HW-RATE: error: {{.*}}option 'torq-hw': {{.*}}invalid hardware description {{.*}} with dma_tp x dma_factor of at least 1e-6 bytes per cycle
// HW-CSS: error: {{.*}}option 'torq-hw': {{.*}}invalid hardware description '0:8:2:gpu:nss_v1': {{.*}} with css named coral_vN
// MTU: error: torq-annotate-dma-and-slice-cycles: option 'torq-dma-in-mtu': '99' is invalid: expected an integer in 0..=16

// CHECK: torq-opt_invalid.mlir:[[@LINE+1]]:3: error: custom op 'torq_hl.frobnicate' is unknown
  torq_hl.frobnicate
func.func @ok() { return }

// -----

// CHECK: torq-opt_invalid.mlir:[[@LINE+1]]:32: error: expected ')'
func.func @bad(%a: memref<4xi8>
