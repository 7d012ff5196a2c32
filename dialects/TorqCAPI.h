//===- TorqCAPI.h - C entry points of torq-sched ----------------*- C -*-===//
#ifndef TORQ_CAPI_H
#define TORQ_CAPI_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TorqHL, torq_hl);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TorqHW, torq_hw);

/// Registers every torq-sched pass (and the torq-nss-pipeline) in the
/// process-wide pass registry, so that textual pipelines can name them.
/// The one entry point a host compiler calls.
MLIR_CAPI_EXPORTED void torqRegisterPasses(void);

#ifdef __cplusplus
}
#endif

#endif // TORQ_CAPI_H
