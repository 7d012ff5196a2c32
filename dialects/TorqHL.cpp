//===- TorqHL.cpp - the torq_hl dialect: parsing, printing, verifiers -----===//
#include "TorqCAPI.h"
#include "TorqDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::syna::torq_hl;

#include "TorqHLEnums.cpp.inc"
#include "TorqHLDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "TorqHLAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "TorqHLTypes.cpp.inc"
#define GET_OP_CLASSES
#include "TorqHLOps.cpp.inc"

void TorqHLDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TorqHLAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "TorqHLTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TorqHLOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #torq_hl<enc ...>
//===----------------------------------------------------------------------===//

static ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &out) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    out.push_back(v);
    return success();
  });
}

Attribute EncodingAttr::parse(AsmParser &parser, Type) {
  StringRef spaceName;
  llvm::SMLoc spaceLoc;
  // Both `#torq_hl<enc mem_space = ...>` and the pretty `#torq_hl.enc<mem_space = ...>`.
  bool angled = succeeded(parser.parseOptionalLess());
  if (parser.parseKeyword("mem_space") || parser.parseEqual())
    return {};
  spaceLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&spaceName))
    return {};
  std::optional<MemorySpace> space = symbolizeMemorySpace(spaceName);
  if (!space) {
    parser.emitError(spaceLoc) << "unknown memory space '" << spaceName
                               << "' (expected xram, lram, dtcm, itcm or host)";
    return {};
  }
  SmallVector<int64_t> counts, strides;
  int64_t padding = 0;
  bool seenCounts = false, seenStrides = false, seenPadding = false;
  while (true) {
    StringRef key;
    llvm::SMLoc keyLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeyword(&key, {"counts", "strides", "padding"})))
      break;
    bool &seen = key == "counts" ? seenCounts : key == "strides" ? seenStrides : seenPadding;
    if (seen) {
      parser.emitError(keyLoc) << "'" << key << "' given twice";
      return {};
    }
    seen = true;
    if (parser.parseEqual())
      return {};
    if (key == "padding") {
      if (parser.parseInteger(padding))
        return {};
    } else if (parseIntList(parser, key == "counts" ? counts : strides)) {
      return {};
    }
  }
  if (angled && parser.parseGreater())
    return {};
  return parser.getChecked<EncodingAttr>(parser.getContext(), *space, counts, strides, padding);
}

static void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

void EncodingAttr::print(AsmPrinter &printer) const {
  printer << " mem_space = " << stringifyMemorySpace(getMemSpace());
  if (!getCounts().empty()) {
    printer << " counts = ";
    printIntList(printer, getCounts());
  }
  if (!getStrides().empty()) {
    printer << " strides = ";
    printIntList(printer, getStrides());
  }
  if (getPadding() != 0)
    printer << " padding = " << getPadding();
}

LogicalResult EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError, MemorySpace,
                                   ArrayRef<int64_t> counts, ArrayRef<int64_t> strides,
                                   int64_t padding) {
  if (!counts.empty() && !strides.empty() && counts.size() != strides.size())
    return emitError() << "enc: counts has " << counts.size() << " entries but strides has "
                       << strides.size();
  for (int64_t c : counts)
    if (c <= 0)
      return emitError() << "enc: counts must be positive, got " << c;
  for (int64_t s : strides)
    if (s < 0)
      return emitError() << "enc: strides must not be negative, got " << s;
  if (padding < 0)
    return emitError() << "enc: padding must not be negative, got " << padding;
  return success();
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

std::optional<MemorySpace> mlir::syna::torq_hl::getMemorySpace(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return MemorySpace::Xram;
  if (auto enc = dyn_cast<EncodingAttr>(space))
    return enc.getMemSpace();
  return std::nullopt;
}

static std::optional<int64_t> elementBits(MemRefType type) {
  Type elem = type.getElementType();
  if (elem.isIntOrIndexOrFloat())
    return elem.isIndex() ? 64 : elem.getIntOrFloatBitWidth();
  return std::nullopt;
}

static int64_t bitsToBytes(int64_t elements, int64_t bits) {
  return (elements * bits + 7) / 8;
}

std::optional<int64_t> mlir::syna::torq_hl::getDataSizeBytes(MemRefType type) {
  std::optional<int64_t> bits = elementBits(type);
  if (!type.hasStaticShape() || !bits)
    return std::nullopt;
  return bitsToBytes(type.getNumElements(), *bits);
}

std::optional<int64_t> mlir::syna::torq_hl::getEncodedSizeBytes(MemRefType type) {
  std::optional<int64_t> bits = elementBits(type);
  if (!type.hasStaticShape() || !bits)
    return std::nullopt;
  auto enc = dyn_cast_or_null<EncodingAttr>(type.getMemorySpace());
  if (!enc || (enc.getCounts().empty() && enc.getStrides().empty()))
    return bitsToBytes(type.getNumElements(), *bits) + (enc ? enc.getPadding() : 0);
  ArrayRef<int64_t> counts = enc.getCounts().empty() ? type.getShape() : enc.getCounts();
  SmallVector<int64_t> strides(enc.getStrides());
  if (strides.empty()) {
    strides.assign(counts.size(), 1);
    for (int i = int(counts.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * counts[i + 1];
  }
  if (strides.size() != counts.size())
    return std::nullopt;
  int64_t span = 1;
  for (auto [c, s] : llvm::zip(counts, strides))
    span += (c - 1) * s;
  int64_t elements = std::max(span, type.getNumElements());
  return bitsToBytes(elements, *bits) + enc.getPadding();
}

bool mlir::syna::torq_hl::isDense(MemRefType type) {
  if (!type.getLayout().isIdentity() && !type.areTrailingDimsContiguous(type.getRank()))
    return false;
  auto enc = dyn_cast_or_null<EncodingAttr>(type.getMemorySpace());
  if (!enc)
    return true;
  if (enc.getPadding() != 0)
    return false;
  if (enc.getStrides().empty())
    return true;
  ArrayRef<int64_t> counts = enc.getCounts().empty() ? type.getShape() : enc.getCounts();
  int64_t expect = 1;
  for (int i = int(counts.size()) - 1; i >= 0; --i) {
    if (counts[i] != 1 && enc.getStrides()[i] != expect)
      return false;
    expect *= counts[i];
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

static StringRef spaceName(std::optional<MemorySpace> space) {
  return space ? stringifyMemorySpace(*space) : StringRef("unknown");
}

/// Shared rules of torq_hl.load and torq_hl.store. `lram`/`xram` are the two
/// sides of the transfer, `strides` the strides of the XRAM side.
static LogicalResult verifyDma(Operation *op, StringRef dir, Value xram, Value lram,
                               bool xramIsInput, ArrayRef<int64_t> strides,
                               ArrayRef<int64_t> shape, int64_t elementSize, bool isUnsafe,
                               StringRef stridesName) {
  auto xType = cast<MemRefType>(xram.getType());
  auto lType = cast<MemRefType>(lram.getType());
  std::optional<MemorySpace> xs = getMemorySpace(xType), ls = getMemorySpace(lType);
  if (xs != MemorySpace::Xram || ls != MemorySpace::Lram)
    return op->emitOpError() << "copies " << dir << ": expects the "
                             << (xramIsInput ? "input" : "output") << " in xram and the "
                             << (xramIsInput ? "output" : "input") << " in lram, got "
                             << (xramIsInput ? spaceName(xs) : spaceName(ls)) << " -> "
                             << (xramIsInput ? spaceName(ls) : spaceName(xs));
  if (!xType.hasStaticShape() || !lType.hasStaticShape())
    return op->emitOpError() << "expects statically shaped memrefs";
  if (strides.size() != shape.size())
    return op->emitOpError() << stridesName << " has " << strides.size()
                             << " entries but shape has " << shape.size();
  if (elementSize <= 0)
    return op->emitOpError() << "element_size_bytes must be positive, got " << elementSize;
  int64_t bytes = elementSize;
  for (int64_t n : shape) {
    if (n <= 0)
      return op->emitOpError() << "shape entries must be positive, got " << n;
    bytes *= n;
  }
  std::optional<int64_t> xData = getDataSizeBytes(xType), lData = getDataSizeBytes(lType);
  std::optional<int64_t> xEnc = getEncodedSizeBytes(xType), lEnc = getEncodedSizeBytes(lType);
  if (!xData || !lData || !xEnc || !lEnc)
    return op->emitOpError() << "expects memrefs of integer or float elements";
  if (!isUnsafe) {
    if (xType.getShape() != lType.getShape())
      return op->emitOpError() << "input and output shapes differ";
    if (bytes != *lData)
      return op->emitOpError() << "transfers " << bytes << " bytes (prod(shape) * "
                               << "element_size_bytes) but the memref holds " << *lData
                               << " bytes";
    if (!isDense(lType))
      return op->emitOpError() << "the lram side must be dense unless the transfer is unsafe";
  } else if (bytes > *xEnc || bytes > *lEnc) {
    return op->emitOpError() << "unsafe transfer of " << bytes
                             << " bytes exceeds the encoded size of its "
                             << (bytes > *xEnc ? "xram" : "lram") << " side ("
                             << (bytes > *xEnc ? *xEnc : *lEnc) << " bytes)";
  }
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyDma(*this, "xram -> lram", getInput(), getOutput(), /*xramIsInput=*/true,
                   getInputStridesBytes(), getShape(), getElementSizeBytes(), getUnsafe(),
                   "input_strides_bytes");
}

LogicalResult StoreOp::verify() {
  return verifyDma(*this, "lram -> xram", getOutput(), getInput(), /*xramIsInput=*/false,
                   getOutputStridesBytes(), getShape(), getElementSizeBytes(), getUnsafe(),
                   "output_strides_bytes");
}

LogicalResult HostCopyOp::verify() {
  for (Value v : {getInput(), getOutput()}) {
    std::optional<MemorySpace> s = getMemorySpace(cast<MemRefType>(v.getType()));
    if (s != MemorySpace::Xram && s != MemorySpace::Host)
      return emitOpError() << "copies between xram buffers, got a " << spaceName(s)
                           << " operand";
  }
  if (getInputStridesBytes().size() != getShape().size() ||
      getOutputStridesBytes().size() != getShape().size())
    return emitOpError() << "strides and shape must have the same rank";
  return success();
}

static LogicalResult verifyXramResult(Operation *op, Value result) {
  auto type = cast<MemRefType>(result.getType());
  if (!type.hasStaticShape())
    return op->emitOpError() << "expects a statically shaped result";
  if (getMemorySpace(type) != MemorySpace::Xram)
    return op->emitOpError() << "result must be in xram, got "
                             << spaceName(getMemorySpace(type));
  return success();
}

LogicalResult ConstOp::verify() { return verifyXramResult(*this, getOutput()); }

LogicalResult MapBindingOp::verify() {
  if (getIsReadOnly() && getIsWriteOnly())
    return emitOpError() << "cannot be both read-only and write-only";
  return verifyXramResult(*this, getResult());
}

LogicalResult CreateInvocationOp::verify() {
  auto prog = cast<ProgramType>(getProgram().getType());
  auto inv = cast<InvocationType>(getInvocation().getType());
  if (prog.getExecutor() != inv.getExecutor())
    return emitOpError() << "invocation for executor '"
                         << stringifyExecutor(inv.getExecutor()) << "' of a program for '"
                         << stringifyExecutor(prog.getExecutor()) << "'";
  if (auto id = getExecutorId(); id && id->getSExtValue() < 0)
    return emitOpError() << "executor_id must not be negative";
  for (Value code : getCodeSections())
    if (getMemorySpace(cast<MemRefType>(code.getType())) != MemorySpace::Xram)
      return emitOpError() << "code sections must be in xram";
  return success();
}

LogicalResult StartProgramOp::verify() {
  auto create = getInvocation().getDefiningOp<CreateInvocationOp>();
  if (!create)
    return success();
  auto program = create.getProgram().getDefiningOp<ProgramOp>();
  if (!program)
    return success();
  unsigned expected = program.getBody().front().getNumArguments();
  if (expected != getArgs().size())
    return emitOpError() << "program '" << program.getName() << "' takes " << expected
                         << " arguments but " << getArgs().size() << " were passed";
  return success();
}

LogicalResult WaitProgramOp::verify() {
  auto inv = cast<InvocationType>(getInvocation().getType());
  if (!getResults().empty() && inv.getExecutor() != Executor::NSS)
    return emitOpError() << "only an nss invocation returns results";
  return success();
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Registration.h"
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TorqHL, torq_hl, mlir::syna::torq_hl::TorqHLDialect)
