//===- TorqBridge.h - what the cxx bridge's C++ side needs -------*- C++ -*-===//
//
// Included by the header cxx generates from src/bridge.rs
// (torq-sched/src/bridge.rs.h): the C++ types the bridge names, declared
// only (the bridge passes them behind pointers).
//
//===----------------------------------------------------------------------===//
#ifndef TORQ_BRIDGE_H
#define TORQ_BRIDGE_H

namespace mlir {
class Operation;
} // namespace mlir

#endif // TORQ_BRIDGE_H
