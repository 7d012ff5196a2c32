// Bad input reaches the user as a located diagnostic and exit code 1.
// RUN: not torq-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: not torq-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='torq-hw=bogus' 2>&1 | FileCheck %s --check-prefix=HW
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='dma-in-mtu=99' 2>&1 | FileCheck %s --check-prefix=MTU
// RUN: not torq-opt %inputs/one-load.mlir --torq-annotate-dma-and-slice-cycles='dma-in-mtu=x' 2>&1 | FileCheck %s --check-prefix=BADOPT

// MISSING: cannot open input file '{{.*}}torq-opt_invalid.mlir.missing': No such file or directory
// BADOPT: for the --dma-in-mtu option: 'x' value invalid

// HW: one-load.mlir:1:1: error: invalid hardware description 'bogus': expected SL2610 or hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]
// MTU: one-load.mlir:1:1: error: torq-annotate-dma-and-slice-cycles: option 'dma-in-mtu' = '99' is invalid: expected an MTU exponent in 0..16

// CHECK: torq-opt_invalid.mlir:[[@LINE+1]]:3: error: custom op 'torq_hl.frobnicate' is unknown
  torq_hl.frobnicate
func.func @ok() { return }

// -----

// CHECK: torq-opt_invalid.mlir:[[@LINE+1]]:32: error: expected ')'
func.func @bad(%a: memref<4xi8>
