//===- TorqOptMain.cpp - the mlir-opt command line of torq-opt -------------===//
//
// torq-opt is MLIR's own MlirOptMain with the torq dialects, the upstream
// dialects the stream uses (func, memref, arith, scf, builtin), MLIR's
// transform passes (canonicalize, cse, ...) and the torq-sched passes.
//
//===----------------------------------------------------------------------===//

#include "TorqCAPI.h"
#include "TorqDialects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

extern "C" int torqOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect,
                  mlir::syna::torq_hl::TorqHLDialect, mlir::syna::torq_hw::TorqHWDialect>();
  mlir::func::registerInlinerExtension(registry);
  mlir::registerTransformsPasses();
  torqRegisterPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "torq-opt: the scheduling stage of the Torq NPU compiler\n", registry));
}
