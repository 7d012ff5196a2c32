//===- Passes.h - the C++ API of torq-sched ---------------------*- C++ -*-===//
//
// What a C++ host (an IREE-style compiler building its pipelines in C++)
// needs: one create function per pass taking its typed options, the NSS
// pipeline builder, and the C entry points (TorqCAPI.h). The option
// structs (PassOptions.h) are generated from passes/TorqOptions.def: one
// std::optional member per option, named in camelCase after it. A member
// set runs with its value, whatever it is; one left unset takes the value
// its effort level (torq-prefetch-effort) gives it, else the table's
// default, as an option a textual pipeline does not name.
//
//   #include "torq-sched/Passes.h"
//
//   torq::sched::NssPipelineOptions o;
//   o.torqHw = clTorqHw.getValue();            // the host's own flag
//   o.torqPrefetchAlgorithm = "stream-schedule";
//   o.torqListPolicy = "portfolio";            // runs, at every effort level
//   torq::sched::buildNssPipeline(pm.nest<mlir::func::FuncOp>(), o);
//
// A value outside its row's range or choices does not silently fall back
// to a default: the pass it reaches fails on its first function with a
// located error naming the option. checkOptions() reports it earlier.
//
//===----------------------------------------------------------------------===//
#ifndef TORQ_SCHED_PASSES_H
#define TORQ_SCHED_PASSES_H

#include "torq-sched/PassOptions.h"
#include "torq-sched/TorqCAPI.h"

#include <memory>
#include <string>

namespace mlir {
class Pass;
class OpPassManager;
class PassManager;
} // namespace mlir

namespace torq::sched {

/// The cost model: DMA and slice cycle annotations (func.func).
std::unique_ptr<mlir::Pass>
createAnnotateDmaAndSliceCyclesPass(const AnnotateDmaAndSliceCyclesOptions &options = {});
/// PrefetchInputs: reorders each block of the NSS stream (func.func).
std::unique_ptr<mlir::Pass> createPrefetchInputsPass(const PrefetchInputsOptions &options = {});
/// A memref.dealloc after the last user of every LRAM/XRAM alloc (func.func).
std::unique_ptr<mlir::Pass>
createAddDeallocationPass(const AddDeallocationOptions &options = {});
/// Re-stages what an allocation that failed needs in LRAM (func.func).
std::unique_ptr<mlir::Pass>
createRecoverLramResidencyPass(const RecoverLramResidencyOptions &options = {});
/// The LRAM allocator, with swaps (func.func).
std::unique_ptr<mlir::Pass>
createAssignLramAddressesPass(const AssignLramAddressesOptions &options = {});
/// The independent LRAM checker (func.func).
std::unique_ptr<mlir::Pass> createVerifyLramPass(const VerifyLramOptions &options = {});

/// Adds the NSS scheduling stage to `funcPm`, a pass manager on func.func:
/// annotate -> prefetch -> add-deallocation -> recover-lram-residency ->
/// assign-lram-addresses, each pass with the options of `options` it takes.
void buildNssPipeline(mlir::OpPassManager &funcPm, const NssPipelineOptions &options = {});

/// Empty when every value is in its row's range and choices (and torq-hw
/// reads as hardware); otherwise the first problem, naming the option.
std::string checkOptions(const NssPipelineOptions &options);

/// Numbers the run of the torq-sched passes `pm` runs: the report, trace
/// and memory-map files of run `index` > 0 carry `.index` before their
/// extension (`r.json` -> `r.1.json`), so that several runs of one
/// process (torq-opt's `--split-input-file` chunks) keep their own files.
/// Run 0, and a pass manager never numbered, write the names as given.
void numberRun(mlir::PassManager &pm, unsigned index);

/// torqRegisterPasses(), torqRegisterCommandLineOptions(), torqSchedVersion().
inline void registerPasses() { torqRegisterPasses(); }
inline void registerCommandLineOptions() { torqRegisterCommandLineOptions(); }
inline const char *version() { return torqSchedVersion(); }

} // namespace torq::sched

#endif // TORQ_SCHED_PASSES_H
