//===- TorqHW.cpp - the torq_hw dialect -----------------------------------===//
//
// Everything is declarative (TorqHW.td): the printed forms are upstream's,
// and upstream declares no verifier for these ops and attributes.
//
//===----------------------------------------------------------------------===//
#include "torq-sched/TorqCAPI.h"
#include "TorqDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::syna::torq_hw;

#include "TorqHWEnums.cpp.inc"
#include "TorqHWDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TorqHWAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "TorqHWOps.cpp.inc"

Attribute TorqHWDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return mlir::syna::parseWholeAttribute(parser, type, getNamespace(), generatedAttributeParser);
}

void TorqHWDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

void TorqHWDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TorqHWAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TorqHWOps.cpp.inc"
      >();
}

#include "mlir/CAPI/Registration.h"
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TorqHW, torq_hw, mlir::syna::torq_hw::TorqHWDialect)
