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
#include "llvm/Support/thread.h"

#include <cstdio>
#include <cstdlib>

extern "C" void torqSetGlobalOptionLookup(const char *(*lookup)(const char *));

namespace {
// The spec's flags, as global torq-opt flags (defaults as in Passes.td).
llvm::cl::opt<std::string> clAlgorithm("torq-prefetch-algorithm",
    llvm::cl::desc("PrefetchInputs: auto | stream-schedule | constant-loads | none"),
    llvm::cl::init("auto"));
llvm::cl::opt<std::string> clCap("torq-list-cap-percent",
    llvm::cl::desc("PrefetchInputs: first cap, in % of usable LRAM (100)"), llvm::cl::init("100"));
llvm::cl::opt<std::string> clPrefetch("torq-list-prefetch-percent",
    llvm::cl::desc("PrefetchInputs: prefetchCap in % of cap (40)"), llvm::cl::init("40"));
llvm::cl::opt<std::string> clUrgent("torq-list-urgent-starts",
    llvm::cl::desc("PrefetchInputs: upcoming programs that count as near (4)"), llvm::cl::init("4"));
llvm::cl::opt<std::string> clWindow("torq-list-window",
    llvm::cl::desc("PrefetchInputs: ready candidates looked at per step (32)"), llvm::cl::init("32"));
llvm::cl::opt<std::string> clReport("torq-prefetch-report",
    llvm::cl::desc("PrefetchInputs: write a JSON report to this file"), llvm::cl::init(""));
llvm::cl::opt<bool> clExplain("torq-prefetch-explain",
    llvm::cl::desc("PrefetchInputs: print the decision tables on stderr"), llvm::cl::init(false));
llvm::cl::opt<std::string> clTrace("torq-prefetch-trace",
    llvm::cl::desc("PrefetchInputs: write a Chrome trace of the committed schedules"), llvm::cl::init(""));

const char *lookupGlobal(const char *name) {
  llvm::StringRef n(name);
  auto str = [](llvm::cl::opt<std::string> &o) -> const char * {
    return o.getNumOccurrences() ? o.getValue().c_str() : nullptr;
  };
  if (n == "torq-prefetch-algorithm") return str(clAlgorithm);
  if (n == "torq-list-cap-percent") return str(clCap);
  if (n == "torq-list-prefetch-percent") return str(clPrefetch);
  if (n == "torq-list-urgent-starts") return str(clUrgent);
  if (n == "torq-list-window") return str(clWindow);
  if (n == "torq-prefetch-report") return str(clReport);
  if (n == "torq-prefetch-trace") return str(clTrace);
  if (n == "torq-prefetch-explain")
    return clExplain.getNumOccurrences() ? (clExplain ? "true" : "false") : nullptr;
  return nullptr;
}
} // namespace

namespace {
int runOptMain(int argc, char **argv) {
  torqSetGlobalOptionLookup(lookupGlobal);
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
