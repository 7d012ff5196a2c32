// Upstream's printer wrote Inputs/upstream-syntax/attr_slice_cfg.mlir; torq-opt parses it and
// prints it back byte-for-byte (blank lines aside), directly and after a trip
// through the generic form.
// RUN: torq-opt %inputs/upstream-syntax/attr_slice_cfg.mlir > %t
// RUN: diff -I '^$' %inputs/upstream-syntax/attr_slice_cfg.mlir %t
// RUN: torq-opt %inputs/upstream-syntax/attr_slice_cfg.mlir --mlir-print-op-generic | torq-opt > %t.generic
// RUN: diff -I '^$' %inputs/upstream-syntax/attr_slice_cfg.mlir %t.generic
