//===- TorqCAPI.h - C entry points of torq-sched ----------------*- C -*-===//
//
// The C entry points. A C++ host includes torq-sched/Passes.h, which
// includes this file and adds the typed C++ API.
//
//===----------------------------------------------------------------------===//
#ifndef TORQ_CAPI_H
#define TORQ_CAPI_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// This project's torq_hl / torq_hw dialects (the TorqSched::Dialects
/// library; a host with torq dialects of its own does not link them).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TorqHL, torq_hl);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TorqHW, torq_hw);

/// Registers the torq-sched passes and the torq-nss-pipeline in MLIR's
/// pass registry, so that textual pipelines can name them. Registers no
/// command-line option, and skips every pass or pipeline whose name is
/// already registered (a host keeps its own; ours stay reachable through
/// the C++ API and torq-nss-pipeline): call it after the host's own
/// registrations. Idempotent.
MLIR_CAPI_EXPORTED void torqRegisterPasses(void);

/// Standalone tools only (torq-opt): the global flags of the options table
/// (`--torq-hw`, `--torq-placement`, ...), in the "torq-sched options"
/// category. A pass built from a textual pipeline takes a flag's value
/// for each option it was not given, so --dump-pass-pipeline and crash
/// reproducers show the values that run. A host compiler that owns such
/// flags does not call this. Call it before parsing the command line.
MLIR_CAPI_EXPORTED void torqRegisterCommandLineOptions(void);

/// Standalone tools only: the passes' debug output, selected by the
/// environment variable TORQ_LOG (`<pass-argument>=<level>[,...]`), to
/// stderr, through the process's global tracing subscriber. A host with a
/// subscriber of its own does not call this.
MLIR_CAPI_EXPORTED void torqInitDebugLog(void);

/// "torq-sched <version> (commit <hash>)".
MLIR_CAPI_EXPORTED const char *torqSchedVersion(void);

#ifdef __cplusplus
}
#endif

#endif // TORQ_CAPI_H
