//===- TorqHW.cpp - the torq_hw dialect: parsing, printing, verifiers -----===//
#include "TorqCAPI.h"
#include "TorqDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::syna::torq_hw;

#include "TorqHWEnums.cpp.inc"
#include "TorqHWDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TorqHWAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "TorqHWOps.cpp.inc"

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

//===----------------------------------------------------------------------===//
// #torq_hw<ndl dedr [H D 16, L B 4, S X 2]>
//===----------------------------------------------------------------------===//

Attribute NdlAttr::parse(AsmParser &parser, Type) {
  StringRef typeName;
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&typeName))
    return {};
  std::optional<NdlType> type = symbolizeNdlType(typeName);
  if (!type) {
    parser.emitError(typeLoc) << "unknown NDL type '" << typeName << "'";
    return {};
  }
  std::string kinds, tags;
  SmallVector<int64_t> counts;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        StringRef kind, tag;
        int64_t count;
        if (parser.parseKeyword(&kind) || parser.parseKeyword(&tag) ||
            parser.parseInteger(count))
          return failure();
        if (kind.size() != 1 || tag.size() != 1)
          return parser.emitError(parser.getCurrentLocation())
                 << "an NDL dimension is a one-letter kind, a one-letter tag and a count";
        kinds += kind;
        tags += tag;
        counts.push_back(count);
        return success();
      }))
    return {};
  return parser.getChecked<NdlAttr>(parser.getContext(), *type, kinds, tags, counts);
}

void NdlAttr::print(AsmPrinter &printer) const {
  printer << " " << stringifyNdlType(getType()) << " [";
  for (size_t i = 0; i < getCounts().size(); ++i) {
    if (i)
      printer << ", ";
    printer << getKinds()[i] << " " << getTags()[i] << " " << getCounts()[i];
  }
  printer << "]";
}

LogicalResult NdlAttr::verify(function_ref<InFlightDiagnostic()> emitError, NdlType,
                              StringRef kinds, StringRef tags, ArrayRef<int64_t> counts) {
  if (kinds.size() != counts.size() || tags.size() != counts.size())
    return emitError() << "ndl: every dimension needs a kind, a tag and a count";
  for (char k : kinds)
    if (k != 'L' && k != 'H' && k != 'S')
      return emitError() << "ndl: dimension kind must be L, H or S, got '" << k << "'";
  for (char t : tags)
    if (!llvm::isAlpha(t))
      return emitError() << "ndl: dimension tag must be a letter, got '" << t << "'";
  for (int64_t c : counts)
    if (c <= 0)
      return emitError() << "ndl: dimension count must be positive, got " << c;
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult SliceTaskOp::verify() {
  if (getOpName().empty())
    return emitOpError() << "needs a non-empty op_name";
  for (ArrayAttr ndls : {getMemNdls(), getRegNdls()})
    for (Attribute a : ndls)
      if (cast<NdlAttr>(a).getType() == NdlType::REF && ndls == getRegNdls())
        return emitOpError() << "a REF NDL is a memory NDL, not a register NDL";
  return success();
}

LogicalResult SliceProfilingOp::verify() {
  if (int32_t(getSliceMem()) < 0)
    return emitOpError() << "slice_mem must not be negative";
  if (int32_t(getMaxCycle()) < 0)
    return emitOpError() << "max_cycle must not be negative";
  return success();
}

#include "mlir/CAPI/Registration.h"
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TorqHW, torq_hw, mlir::syna::torq_hw::TorqHWDialect)
