//===- TorqDialects.h - C++ declarations of torq_hl and torq_hw --*- C++ -*-===//
#ifndef TORQ_DIALECTS_H
#define TORQ_DIALECTS_H

#include "llvm/Support/Threading.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TorqHLEnums.h.inc"
#include "TorqHWEnums.h.inc"

#include "TorqHLDialect.h.inc"
#include "TorqHWDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TorqHLAttrs.h.inc"
#define GET_ATTRDEF_CLASSES
#include "TorqHWAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "TorqHLTypes.h.inc"

#define GET_OP_CLASSES
#include "TorqHLOps.h.inc"
#define GET_OP_CLASSES
#include "TorqHWOps.h.inc"

namespace mlir::syna {
/// Fails, with a located error, when text is left in a dialect attribute's
/// body after its parser is done (MLIR would ignore it: `#torq_hl<enc
/// mem_space = lram junk>` would read as lram).
inline LogicalResult checkAttributeBodyConsumed(DialectAsmParser &parser) {
  StringRef spec = parser.getFullSymbolSpec();
  const char *cur = parser.getCurrentLocation().getPointer();
  if (cur < spec.begin() || cur > spec.end())
    return success();
  StringRef rest = StringRef(cur, spec.end() - cur).trim();
  if (rest.empty() || rest == ">")
    return success();
  return parser.emitError(parser.getCurrentLocation())
         << "unexpected '" << rest.take_front(40) << "' at the end of the attribute";
}

/// Runs a dialect's generated attribute parser so that the parse fails when
/// it fails, when text is left in the body, and when the lexer reported an
/// error on the way (MLIR prints such an error and yet lets the attribute
/// stand: `acpr(1) @>` would parse, print an error and exit 0).
template <typename Generated>
Attribute parseWholeAttribute(DialectAsmParser &parser, Type type, StringRef dialect,
                              Generated generated) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  bool sawError = false;
  OptionalParseResult result;
  {
    // The handler is the context's, so under the threaded pass manager it
    // also sees other threads' diagnostics: count only this thread's.
    uint64_t parsingThread = llvm::get_threadid();
    ScopedDiagnosticHandler watch(parser.getContext(), [&](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error && llvm::get_threadid() == parsingThread)
        sawError = true;
      return failure(); // not handled here: the usual handlers report it
    });
    result = generated(parser, &mnemonic, type, attr);
    if (result.has_value() && succeeded(*result) && !sawError &&
        failed(checkAttributeBodyConsumed(parser)))
      return {};
  }
  if (!result.has_value()) {
    parser.emitError(loc) << "unknown attribute `" << mnemonic << "` in dialect `" << dialect
                          << "`";
    return {};
  }
  if (failed(*result) || sawError)
    return {};
  return attr;
}
} // namespace mlir::syna

namespace mlir::syna::torq_hl {
/// The memory space of a memref: its `enc` attribute, XRAM when it has none.
/// Returns std::nullopt for a memory-space attribute that is not torq_hl's.
std::optional<MemorySpace> getMemorySpace(MemRefType type);
/// Bytes of data: 1 + sum((dim - 1) * stride) elements over the encoded
/// strides, then ceil(elements * element bits / 8), rounded once per buffer.
/// std::nullopt when not static or when the arithmetic overflows.
std::optional<int64_t> getDataSizeBytes(MemRefType type);
/// Upstream's encoded total size: the bytes the allocator reserves.
std::optional<int64_t> getEncodedSizeBytes(MemRefType type);
/// True when the memref's data is one contiguous row-major block.
bool isDense(MemRefType type);
} // namespace mlir::syna::torq_hl

#endif // TORQ_DIALECTS_H
