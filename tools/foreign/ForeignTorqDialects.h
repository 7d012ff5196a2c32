//===- ForeignTorqDialects.h - torq dialects that keep printed text -*- C++ -*-===//
#ifndef FOREIGN_TORQ_DIALECTS_H
#define FOREIGN_TORQ_DIALECTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "ForeignTorqHLDialect.h.inc"
#include "ForeignTorqHWDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ForeignTorqHLAttrs.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ForeignTorqHWAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "ForeignTorqHLTypes.h.inc"
#define GET_TYPEDEF_CLASSES
#include "ForeignTorqHWTypes.h.inc"

#endif // FOREIGN_TORQ_DIALECTS_H
