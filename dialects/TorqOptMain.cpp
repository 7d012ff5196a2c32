//===- TorqOptMain.cpp - the mlir-opt command line of torq-opt -------------===//
//
// torq-opt is MLIR's own MlirOptMain with the torq dialects, the upstream
// dialects the stream uses (func, memref, arith, scf, builtin), MLIR's
// transform passes (canonicalize, cse, ...) and the torq-sched passes.
//
//===----------------------------------------------------------------------===//

#include "torq-sched/TorqCAPI.h"
#include "TorqDialects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <cstdio>
#include <cstdlib>


namespace {
int runOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect,
                  mlir::syna::torq_hl::TorqHLDialect, mlir::syna::torq_hw::TorqHWDialect>();
  mlir::func::registerInlinerExtension(registry);
  mlir::registerTransformsPasses();
  torqRegisterPasses();
  torqRegisterCommandLineOptions();
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << "  " << torqSchedVersion() << "\n"; });
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "torq-opt: the scheduling stage of the Torq NPU compiler\n", registry));
}
} // namespace

/// MLIR's parser, verifier and printer recurse once per level of region
/// nesting: on the main thread's 8 MiB, ~3,000 nested scf.for abort the tool
/// with a stack overflow. The whole driver runs on a thread whose stack is
/// reserved large (pages are touched only as deep as the input goes).
extern "C" int torqOptMain(int argc, char **argv) {
  constexpr unsigned kStackBytes = 3u << 30;
  int result = 1;
  llvm::thread driver(std::optional<unsigned>(kStackBytes), [&] {
    result = runOptMain(argc, argv);
    if (result != 0) {
      // MLIR 22's parser can corrupt the heap while it cleans up after some
      // syntax errors (valgrind: an invalid write in Operation::
      // dropAllReferences under parseAsmSourceFile, stock mlir-opt too);
      // glibc then aborts at this thread's exit. The diagnostics are out:
      // end the process here with the failure's exit code.
      llvm::outs().flush();
      llvm::errs().flush();
      std::fflush(nullptr);
      std::_Exit(result);
    }
  });
  driver.join();
  return result;
}
