// Upstream's printer wrote Inputs/upstream-syntax/hw_slice_profiling.mlir; torq-opt parses it and
// prints it back byte-for-byte (blank lines aside), directly and after a trip
// through the generic form.
// RUN: torq-opt %inputs/upstream-syntax/hw_slice_profiling.mlir > %t
// RUN: diff -I '^$' %inputs/upstream-syntax/hw_slice_profiling.mlir %t
// RUN: torq-opt %inputs/upstream-syntax/hw_slice_profiling.mlir --mlir-print-op-generic | torq-opt > %t.generic
// RUN: diff -I '^$' %inputs/upstream-syntax/hw_slice_profiling.mlir %t.generic
