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
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "torq-sched/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
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
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "torq-opt: the scheduling stage of the Torq NPU compiler\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.inputSplitMarker().empty() || config.shouldShowDialects() ||
      config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  // --split-input-file: MLIR's driver, with each chunk's pass manager
  // numbered in the order the chunks reach their pipeline, so that chunk k
  // > 0 writes its own report, trace and map (torq::sched::numberRun). The
  // count lives here, in the tool: the library keeps no state across runs.
  llvm::InitLLVM init(argc, argv);
  if (inputFilename == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  unsigned chunk = 0;
  mlir::MlirOptMainConfig base = config;
  config.setPassPipelineSetupFn([base, &chunk](mlir::PassManager &pm) -> mlir::LogicalResult {
    if (mlir::failed(base.setupPassPipeline(pm)))
      return mlir::failure();
    torq::sched::numberRun(pm, chunk++);
    return mlir::success();
  });
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
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
