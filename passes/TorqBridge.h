//===- TorqBridge.h - what the cxx bridge's C++ side needs -------*- C++ -*-===//
//
// Included by the headers cxx generates from src/bridge.rs and
// src/ir/diagnostic.rs: the C++ types the bridges name, declared only (the
// bridges pass them behind pointers), and the C++ function they call.
//
//===----------------------------------------------------------------------===//
#ifndef TORQ_BRIDGE_H
#define TORQ_BRIDGE_H

#include "rust/cxx.h"
#include <cstdint>

namespace mlir {
class Operation;
} // namespace mlir

namespace torq::bridge {
/// An MLIR location behind its opaque pointer (`mlir::Location`'s
/// `getAsOpaquePointer`), never defined.
struct Location;
/// A diagnostic's notes (src/ir/diagnostic.rs, a Rust type).
struct Notes;
/// src/ir/diagnostic.rs: a remark (0), warning (1) or error (2) at `loc`,
/// with `notes` attached (passes/TorqPasses.cpp).
void emit_diagnostic(const Location *loc, std::int32_t severity,
                     rust::Slice<const std::uint8_t> message, const Notes &notes);
} // namespace torq::bridge

#endif // TORQ_BRIDGE_H
