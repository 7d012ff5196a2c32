//===- torq-foreign-main.cpp - a host whose torq dialects are not ours ----===//
//
// Stands in for a host compiler that defines torq_hl / torq_hw itself: this
// tool registers no torq dialect of this project but two foreign ones of the
// same names (tools/foreign), which keep every attribute and type as printed
// text and every op as an unknown op. (MLIR 22 refuses an unregistered
// dialect's attribute as a memref memory space, so plain
// --allow-unregistered-dialect cannot carry `#torq_hl<enc ...>`.) The Rust
// passes, linked from the same static library a real host links and
// registered through torqRegisterPasses(), see only op names, operands,
// regions and printed attributes, as they would in the host. Inputs come in
// generic form (`--mlir-print-op-generic` of this project's torq-opt).
//
//===----------------------------------------------------------------------===//

#include "ForeignTorqDialects.h"
#include "torq-sched/TorqCAPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"


int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect,
                  foreign::torq_hl::ForeignHLDialect, foreign::torq_hw::ForeignHWDialect>();
  mlir::registerTransformsPasses();
  torqRegisterPasses();
  torqRegisterCommandLineOptions();
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "  " << torqSchedVersion() << "\n"; });
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "torq-foreign-opt: torq passes in a foreign host\n", registry));
}
