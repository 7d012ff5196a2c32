//===- TorqPasses.cpp - C++ shells of the Rust passes ----------------------===//
//
// Passes.td declares every pass; mlir-tblgen generates its base class with
// the options. Each shell here only forwards runOnOperation to Rust
// (torqRsRunPass in src/ffi.rs) with the pass's textual form
// `argument{option=value ...}`, which names the pass and carries its options.
// The Rust side finds ops by name and attributes, never through this
// project's C++ classes, so the same shells work inside a host compiler that
// has its own torq_hl dialect.
//
//===----------------------------------------------------------------------===//

#include "TorqCAPI.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

static const char *(*globalOptionLookup)(const char *) = nullptr;

extern "C" void torqSetGlobalOptionLookup(const char *(*lookup)(const char *)) {
  globalOptionLookup = lookup;
}

extern "C" {
/// Implemented in Rust. Returns false when the pass failed (it has emitted
/// its diagnostics then).
bool torqRsRunPass(MlirOperation op, MlirStringRef passText);
}

namespace torq {
#define GEN_PASS_DECL
#define GEN_PASS_DEF_TORQANNOTATEDMAANDSLICECYCLES
#define GEN_PASS_DEF_TORQADDDEALLOCATION
#define GEN_PASS_DEF_TORQASSIGNLRAMADDRESSES
#define GEN_PASS_DEF_TORQVERIFYLRAM
#define GEN_PASS_DEF_TORQPREFETCHINPUTS
#define GEN_PASS_DEF_TORQRECOVERLRAMRESIDENCY
#include "TorqPasses.h.inc"

/// Forwards a pass to Rust. Returns false when the pass failed.
static bool runInRust(mlir::Pass &pass, mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  pass.printAsTextualPipeline(os);
  os.flush();
  return torqRsRunPass(wrap(op), MlirStringRef{text.data(), text.size()});
}

#define TORQ_RUST_PASS(Name)                                                                       \
  struct Name##Pass : impl::Name##Base<Name##Pass> {                                               \
    using Name##Base::Name##Base;                                                                  \
    void runOnOperation() override {                                                               \
      if (!runInRust(*this, getOperation()))                                                       \
        signalPassFailure();                                                                       \
    }                                                                                              \
  };

TORQ_RUST_PASS(TorqAnnotateDmaAndSliceCycles)
TORQ_RUST_PASS(TorqAddDeallocation)
TORQ_RUST_PASS(TorqAssignLramAddresses)
TORQ_RUST_PASS(TorqVerifyLram)
TORQ_RUST_PASS(TorqRecoverLramResidency)

/// PrefetchInputs also takes its options from torq-opt's global flags of
/// the same names, where the pass option itself is not set.
struct TorqPrefetchInputsPass : impl::TorqPrefetchInputsBase<TorqPrefetchInputsPass> {
  using TorqPrefetchInputsBase::TorqPrefetchInputsBase;
  template <typename OptT> void inherit(OptT &opt, std::string &overrides) {
    if (opt.getNumOccurrences() != 0 || !globalOptionLookup)
      return;
    if (const char *v = globalOptionLookup(opt.getArgStr().str().c_str()))
      overrides += opt.getArgStr().str() + "='" + v + "' ";
  }
  void runOnOperation() override {
    std::string overrides;
    inherit(algorithm, overrides);
    inherit(capPercent, overrides);
    inherit(prefetchPercent, overrides);
    inherit(urgentStarts, overrides);
    inherit(window, overrides);
    inherit(torqHw, overrides);
    inherit(report, overrides);
    inherit(explain, overrides);
    inherit(trace, overrides);
    if (!overrides.empty() &&
        failed(initializeOptions(overrides, [&](const llvm::Twine &msg) {
          return getOperation()->emitError(msg);
        }))) {
      signalPassFailure();
      return;
    }
    if (!runInRust(*this, getOperation()))
      signalPassFailure();
  }
};

#define GEN_PASS_REGISTRATION
#include "TorqPasses.h.inc"
/// Options of torq-nss-pipeline: the hardware, the MTUs and PrefetchInputs'.
struct NssPipelineOptions : mlir::PassPipelineOptions<NssPipelineOptions> {
  Option<std::string> torqHw{*this, "torq-hw", llvm::cl::desc("hardware (SL2610)"),
                             llvm::cl::init("SL2610")};
  Option<int64_t> dmaInMtu{*this, "dma-in-mtu", llvm::cl::desc("DMA MTU exponent of loads (4)"),
                           llvm::cl::init(4)};
  Option<int64_t> dmaOutMtu{*this, "dma-out-mtu",
                            llvm::cl::desc("DMA MTU exponent of stores (4)"), llvm::cl::init(4)};
  Option<std::string> algorithm{*this, "torq-prefetch-algorithm",
                                llvm::cl::desc("auto | stream-schedule | oracle | constant-loads | none"),
                                llvm::cl::init("auto")};
  Option<int64_t> capPercent{*this, "torq-list-cap-percent", llvm::cl::desc("first cap (100)"),
                             llvm::cl::init(100)};
  Option<int64_t> prefetchPercent{*this, "torq-list-prefetch-percent",
                                  llvm::cl::desc("prefetchCap in % of cap (40)"), llvm::cl::init(40)};
  Option<int64_t> urgentStarts{*this, "torq-list-urgent-starts",
                               llvm::cl::desc("near programs (4)"), llvm::cl::init(4)};
  Option<int64_t> window{*this, "torq-list-window", llvm::cl::desc("candidates per step (32)"),
                         llvm::cl::init(32)};
  Option<std::string> report{*this, "torq-prefetch-report", llvm::cl::desc("JSON report file"),
                             llvm::cl::init("")};
  Option<bool> explain{*this, "torq-prefetch-explain", llvm::cl::desc("decision tables on stderr"),
                       llvm::cl::init(false)};
  Option<std::string> policy{
      *this, "torq-list-policy",
      llvm::cl::desc("search | portfolio | fifo | critical-path | longest-compute | johnson (search)"),
      llvm::cl::init("search")};
  Option<int64_t> oracleSteps{*this, "torq-oracle-steps",
                              llvm::cl::desc("search: oracle solver steps per block (5000)"),
                              llvm::cl::init(5000)};
  Option<int64_t> oracleTimeMs{*this, "torq-oracle-time-limit-ms",
                               llvm::cl::desc("search: oracle time cap per block, ms (2000)"),
                               llvm::cl::init(2000)};
  Option<int64_t> oracleMaxNodes{*this, "torq-oracle-max-nodes",
                                 llvm::cl::desc("search: larger blocks skip the oracle (400)"),
                                 llvm::cl::init(400)};
  Option<int64_t> improveMoves{*this, "torq-improve-moves",
                               llvm::cl::desc("search: improvement search moves per block (40000)"),
                               llvm::cl::init(40000)};
  Option<int64_t> improveMaxNodes{
      *this, "torq-improve-max-nodes",
      llvm::cl::desc("search: larger blocks skip the improvement search (1000)"),
      llvm::cl::init(1000)};
  Option<std::string> trace{*this, "torq-prefetch-trace", llvm::cl::desc("Chrome trace file"),
                            llvm::cl::init("")};
};

static void buildNssPipeline(mlir::OpPassManager &pm, const NssPipelineOptions &o) {
  auto &fpm = pm.nest<mlir::func::FuncOp>();
  fpm.addPass(createTorqAnnotateDmaAndSliceCycles(
      TorqAnnotateDmaAndSliceCyclesOptions{o.dmaInMtu, o.dmaOutMtu, o.torqHw}));
  fpm.addPass(createTorqPrefetchInputs(TorqPrefetchInputsOptions{
      o.algorithm, o.capPercent, o.prefetchPercent, o.urgentStarts, o.window, o.torqHw, o.report,
      o.explain, o.trace, o.policy, o.oracleSteps, o.oracleTimeMs, o.oracleMaxNodes,
      o.improveMoves, o.improveMaxNodes}));
  fpm.addPass(createTorqAddDeallocation());
  fpm.addPass(createTorqRecoverLramResidency(TorqRecoverLramResidencyOptions{true, o.torqHw}));
  fpm.addPass(createTorqAssignLramAddresses(TorqAssignLramAddressesOptions{o.torqHw, true}));
}
} // namespace torq

// The spec's flags, as global command-line flags of whatever tool links the
// passes (torq-opt or a host compiler), used where the pass option is not
// set. Defaults as in Passes.td.
namespace {
// The spec's flags, as global torq-opt flags (defaults as in Passes.td).
llvm::cl::opt<std::string> clAlgorithm("torq-prefetch-algorithm",
    llvm::cl::desc("PrefetchInputs: auto | stream-schedule | oracle | constant-loads | none"),
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
llvm::cl::opt<std::string> clPolicy("torq-list-policy",
    llvm::cl::desc("PrefetchInputs: search | portfolio | fifo | critical-path | longest-compute | johnson (search)"),
    llvm::cl::init("search"));
llvm::cl::opt<std::string> clOracleSteps("torq-oracle-steps",
    llvm::cl::desc("PrefetchInputs: the oracle's solver steps per block (5000)"),
    llvm::cl::init("5000"));
llvm::cl::opt<std::string> clOracleTime("torq-oracle-time-limit-ms",
    llvm::cl::desc("PrefetchInputs: the oracle's time cap per block, ms (2000)"), llvm::cl::init("2000"));
llvm::cl::opt<std::string> clOracleNodes("torq-oracle-max-nodes",
    llvm::cl::desc("PrefetchInputs: blocks with more scheduled ops skip the oracle (400)"),
    llvm::cl::init("400"));
llvm::cl::opt<std::string> clImproveMoves("torq-improve-moves",
    llvm::cl::desc("PrefetchInputs: the improvement search's moves per block (40000)"),
    llvm::cl::init("40000"));
llvm::cl::opt<std::string> clImproveNodes("torq-improve-max-nodes",
    llvm::cl::desc("PrefetchInputs: blocks with more scheduled ops skip the improvement search (1000)"),
    llvm::cl::init("1000"));
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
  if (n == "torq-list-policy") return str(clPolicy);
  if (n == "torq-oracle-steps") return str(clOracleSteps);
  if (n == "torq-oracle-time-limit-ms") return str(clOracleTime);
  if (n == "torq-oracle-max-nodes") return str(clOracleNodes);
  if (n == "torq-improve-moves") return str(clImproveMoves);
  if (n == "torq-improve-max-nodes") return str(clImproveNodes);
  if (n == "torq-prefetch-explain")
    return clExplain.getNumOccurrences() ? (clExplain ? "true" : "false") : nullptr;
  return nullptr;
}
} // namespace

extern "C" void torqRegisterPasses(void) {
  static bool done = [] {
    torqSetGlobalOptionLookup(lookupGlobal);
    torq::registerTorqPasses();
    mlir::PassPipelineRegistration<torq::NssPipelineOptions>(
        "torq-nss-pipeline",
        "The NSS scheduling stage: annotate -> prefetch -> add-deallocation -> "
        "recover-lram-residency -> assign-lram-addresses",
        torq::buildNssPipeline);
    return true;
  }();
  (void)done;
}
