// Upstream's printer wrote Inputs/upstream-syntax/hl_get_block.mlir; torq-opt parses it and
// prints it back byte-for-byte (blank lines aside), directly and after a trip
// through the generic form.
// RUN: torq-opt %inputs/upstream-syntax/hl_get_block.mlir > %t
// RUN: diff -I '^$' %inputs/upstream-syntax/hl_get_block.mlir %t
// RUN: torq-opt %inputs/upstream-syntax/hl_get_block.mlir --mlir-print-op-generic | torq-opt > %t.generic
// RUN: diff -I '^$' %inputs/upstream-syntax/hl_get_block.mlir %t.generic
