// A syntax error after a forward reference: MLIR 22 corrupts the heap while
// it cleans up (stock mlir-opt too); torq-opt must still exit 1, not abort.
      torq_hl.return %arg0 : memref<640xi8>
    %0 = torq_hl.program "p" : !torq_hl.program<nss> {
    ^bb0(%arg0: memref<640xi8>):
    ^bb1:
