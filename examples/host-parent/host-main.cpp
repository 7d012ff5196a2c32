//===- host-main.cpp - a host compiler that links torq-sched --------------===//
//
// Stands in for the upstream Torq compiler: it owns a global --torq-hw flag
// and passes named torq-add-deallocation and torq-assign-lram-addresses, its
// torq_hl / torq_hw dialects are its own (here the text-keeping foreign ones
// of tools/foreign), and it builds torq-sched's NSS stage in C++ from its own
// flag's value. Built twice in CI: under add_subdirectory (CMakeLists.txt
// here) and from an install prefix with find_package (../host-installed).
//
//===----------------------------------------------------------------------===//

#include "ForeignTorqDialects.h"
#include "torq-sched/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

#include <string>

/// The host's own flag, as upstream's compiler/torq/Utils/TorqHw.cpp has one.
static llvm::cl::opt<std::string> clTorqHw("torq-hw", llvm::cl::desc("the host's target hardware"),
                                           llvm::cl::init("SL2610"));
static llvm::cl::opt<std::string>
    clAlgorithm("host-prefetch-algorithm",
                llvm::cl::desc("the host's choice of torq-prefetch-algorithm"),
                llvm::cl::init("stream-schedule"));
// The host's own settings of a few options, set in the typed options only
// when given (scripts/host-check: a value set from C++ always runs, its
// default included).
static llvm::cl::opt<int64_t> clEffort("host-prefetch-effort",
                                       llvm::cl::desc("the host's torq-prefetch-effort"));
static llvm::cl::opt<std::string> clPolicy("host-list-policy",
                                           llvm::cl::desc("the host's torq-list-policy"));
static llvm::cl::opt<std::string> clPlacement("host-placement",
                                              llvm::cl::desc("the host's torq-placement"));
static llvm::cl::opt<int64_t> clOracleSteps("host-oracle-steps",
                                             llvm::cl::desc("the host's torq-oracle-steps"));

namespace {
/// A host pass that has the name of one of torq-sched's: the host keeps it.
template <typename Derived>
struct HostPass : mlir::PassWrapper<Derived, mlir::OperationPass<mlir::func::FuncOp>> {
  void runOnOperation() override {
    this->getOperation()->emitRemark() << "the host's own " << Derived::kArgument;
  }
  llvm::StringRef getArgument() const override { return Derived::kArgument; }
};
struct HostAddDeallocation : HostPass<HostAddDeallocation> {
  static constexpr const char *kArgument = "torq-add-deallocation";
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostAddDeallocation)
};
struct HostAssignLramAddresses : HostPass<HostAssignLramAddresses> {
  static constexpr const char *kArgument = "torq-assign-lram-addresses";
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostAssignLramAddresses)
};
} // namespace

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect, mlir::cf::ControlFlowDialect,
                  foreign::torq_hl::ForeignHLDialect, foreign::torq_hw::ForeignHWDialect>();
  mlir::PassRegistration<HostAddDeallocation>();
  mlir::PassRegistration<HostAssignLramAddresses>();
  mlir::registerPassPipeline(
      "host-nss-pipeline", "torq-sched's NSS stage, built in C++ from the host's --torq-hw",
      [](mlir::OpPassManager &pm, llvm::StringRef,
         llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
        torq::sched::NssPipelineOptions options;
        options.torqHw = clTorqHw.getValue();
        options.torqPrefetchAlgorithm = clAlgorithm.getValue();
        if (clEffort.getNumOccurrences())
          options.torqPrefetchEffort = clEffort.getValue();
        if (clPolicy.getNumOccurrences())
          options.torqListPolicy = clPolicy.getValue();
        if (clPlacement.getNumOccurrences())
          options.torqPlacement = clPlacement.getValue();
        if (clOracleSteps.getNumOccurrences())
          options.torqOracleSteps = clOracleSteps.getValue();
        std::string problem = torq::sched::checkOptions(options);
        if (!problem.empty())
          return errorHandler(problem);
        torq::sched::buildNssPipeline(pm.nest<mlir::func::FuncOp>(), options);
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)>) {});
  // After the host's own registrations: torq-sched skips the names taken.
  torq::sched::registerPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "a host compiler with torq-sched inside\n", registry));
}
