//===- TorqHL.cpp - the torq_hl dialect: parsing, printing, verifiers -----===//
#include "torq-sched/TorqCAPI.h"
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
static ParseResult parseArgList(OpAsmParser &parser,
                                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &args,
                                SmallVectorImpl<Type> &types);
static void printArgList(OpAsmPrinter &printer, Operation *, OperandRange args,
                         TypeRange types);

#define GET_OP_CLASSES
#include "TorqHLOps.cpp.inc"

Attribute TorqHLDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return mlir::syna::parseWholeAttribute(parser, type, getNamespace(), generatedAttributeParser);
}

void TorqHLDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

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

LogicalResult EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError, MemorySpace,
                                   ArrayRef<int64_t> counts, ArrayRef<int64_t> strides,
                                   int64_t padding) {
  if (!counts.empty() && !strides.empty() && counts.size() != strides.size())
    return emitError() << "enc: counts has " << counts.size() << " entries but strides has "
                       << strides.size();
  for (int64_t c : counts)
    if (c < 0)
      return emitError() << "enc: counts must not be negative, got " << c;
  for (int64_t s : strides)
    if (s < 0)
      return emitError() << "enc: strides must not be negative, got " << s;
  if (padding < 0)
    return emitError() << "enc: padding must not be negative, got " << padding;
  return success();
}

//===----------------------------------------------------------------------===//
// args(%a, %b : T, T) of torq_hl.start_program; `args( : )` when empty
//===----------------------------------------------------------------------===//

static ParseResult parseArgList(OpAsmParser &parser,
                                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &args,
                                SmallVectorImpl<Type> &types) {
  if (parser.parseOperandList(args) || parser.parseColon())
    return failure();
  if (args.empty())
    return success();
  return parser.parseTypeList(types);
}

static void printArgList(OpAsmPrinter &printer, Operation *, OperandRange args,
                         TypeRange types) {
  if (args.empty()) {
    printer << " : ";
    return;
  }
  printer << args << " : " << types;
}

//===----------------------------------------------------------------------===//
// Sizes (upstream's encoded total size and data size)
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

static std::optional<int64_t> mulChecked(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

static std::optional<int64_t> addChecked(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// The number of elements, None when the product overflows (MLIR's own
/// getNumElements wraps).
static std::optional<int64_t> checkedNumElements(MemRefType type) {
  std::optional<int64_t> n = 1;
  for (int64_t d : type.getShape()) {
    n = mulChecked(*n, d);
    if (!n)
      return std::nullopt;
  }
  return n;
}

/// ceil(elements * bits / 8), once per buffer.
static std::optional<int64_t> elementsToBytes(int64_t elements, int64_t bits) {
  if (bits % 8 == 0)
    return mulChecked(elements, bits / 8);
  std::optional<int64_t> totalBits = mulChecked(elements, bits);
  if (!totalBits)
    return std::nullopt;
  return *totalBits / 8 + (*totalBits % 8 != 0);
}

/// The strides (in elements) used to reach the elements in the backing
/// buffer: the encoding's, else a strided layout's, else row-major.
static std::optional<SmallVector<int64_t>> encodedStrides(MemRefType type) {
  auto enc = dyn_cast_or_null<EncodingAttr>(type.getMemorySpace());
  if (enc && !enc.getStrides().empty())
    return SmallVector<int64_t>(enc.getStrides());
  SmallVector<int64_t> strides;
  if (type.getLayout().isIdentity() && type.hasStaticShape()) {
    // Row-major, without analysing an affine map (the verifier asks this of
    // every transfer after every pass).
    strides.resize(type.getRank());
    std::optional<int64_t> running = 1;
    for (int64_t i = type.getRank() - 1; i >= 0; --i) {
      if (!running)
        return std::nullopt;
      strides[i] = *running;
      running = mulChecked(*running, type.getDimSize(i));
    }
    return strides;
  }
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  for (int64_t s : strides)
    if (ShapedType::isDynamic(s))
      return std::nullopt;
  return strides;
}

std::optional<int64_t> mlir::syna::torq_hl::getDataSizeBytes(MemRefType type) {
  std::optional<int64_t> bits = elementBits(type);
  if (!type.hasStaticShape() || !bits)
    return std::nullopt;
  if (type.getRank() == 0)
    return elementsToBytes(1, *bits);
  if (llvm::is_contained(type.getShape(), 0))
    return 0;
  std::optional<SmallVector<int64_t>> strides = encodedStrides(type);
  if (!strides || strides->size() != size_t(type.getRank()))
    return std::nullopt;
  std::optional<int64_t> elements = 1;
  for (auto [d, s] : llvm::zip(type.getShape(), *strides)) {
    std::optional<int64_t> step = mulChecked(d - 1, s);
    elements = step ? addChecked(*elements, *step) : std::nullopt;
    if (!elements)
      return std::nullopt;
  }
  return elementsToBytes(*elements, *bits);
}

std::optional<int64_t> mlir::syna::torq_hl::getEncodedSizeBytes(MemRefType type) {
  std::optional<int64_t> bits = elementBits(type);
  if (!type.hasStaticShape() || !bits)
    return std::nullopt;
  auto enc = dyn_cast_or_null<EncodingAttr>(type.getMemorySpace());
  int64_t padding = enc ? enc.getPadding() : 0;
  std::optional<int64_t> elements;
  if (type.getRank() == 0) {
    elements = addChecked(1, padding);
  } else if (enc && !enc.getStrides().empty()) {
    std::optional<int64_t> span = mulChecked(enc.getStrides()[0], type.getShape()[0]);
    elements = span ? addChecked(*span, padding) : std::nullopt;
  } else if (!type.getLayout().isIdentity()) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) || ShapedType::isDynamic(strides[0]))
      return std::nullopt;
    int64_t s0 = strides[0];
    int64_t misalign = (s0 > 0 && !ShapedType::isDynamic(offset)) ? offset % s0 : 0;
    std::optional<int64_t> span = mulChecked(s0, type.getShape()[0]);
    elements = span ? addChecked(*span, padding - misalign) : std::nullopt;
  } else {
    std::optional<int64_t> n = checkedNumElements(type);
    elements = n ? addChecked(*n, padding) : std::nullopt;
  }
  if (!elements || *elements < 0)
    return std::nullopt;
  return elementsToBytes(*elements, *bits);
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
  if (counts.size() != enc.getStrides().size())
    return false;
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
  std::optional<int64_t> bytes = elementSize;
  for (int64_t n : shape) {
    if (n <= 0)
      return op->emitOpError() << "shape entries must be positive, got " << n;
    bytes = mulChecked(*bytes, n);
    if (!bytes)
      return op->emitOpError() << "transfers more than 2^63 bytes";
  }
  if (!elementBits(xType) || !elementBits(lType))
    return op->emitOpError() << "expects memrefs of integer or float elements";
  std::optional<int64_t> xData = getDataSizeBytes(xType), lData = getDataSizeBytes(lType);
  std::optional<int64_t> xEnc = getEncodedSizeBytes(xType), lEnc = getEncodedSizeBytes(lType);
  if (!xData || !lData || !xEnc || !lEnc)
    return op->emitOpError() << "the byte size of "
                             << (!xData || !xEnc ? xType : lType) << " does not fit in 64 bits";
  if (!isUnsafe) {
    if (xType.getShape() != lType.getShape())
      return op->emitOpError() << "input and output shapes differ";
    if (*bytes != *lData)
      return op->emitOpError() << "transfers " << *bytes << " bytes (prod(shape) * "
                               << "element_size_bytes) but the memref holds " << *lData
                               << " bytes";
    if (!isDense(lType))
      return op->emitOpError() << "the lram side must be dense unless the transfer is unsafe";
  } else if (*bytes > *xEnc || *bytes > *lEnc) {
    return op->emitOpError() << "unsafe transfer of " << *bytes
                             << " bytes exceeds the encoded size of its "
                             << (*bytes > *xEnc ? "xram" : "lram") << " side ("
                             << (*bytes > *xEnc ? *xEnc : *lEnc) << " bytes)";
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

static LogicalResult verifyHostCopy(Operation *op, Value input, Value output,
                                    ArrayRef<int64_t> inStrides, ArrayRef<int64_t> outStrides,
                                    ArrayRef<int64_t> shape) {
  auto hostSide = [](std::optional<MemorySpace> s) {
    return s == MemorySpace::Xram || s == MemorySpace::Host;
  };
  std::optional<MemorySpace> in = getMemorySpace(cast<MemRefType>(input.getType()));
  std::optional<MemorySpace> out = getMemorySpace(cast<MemRefType>(output.getType()));
  if (!hostSide(in) || !(hostSide(out) || out == MemorySpace::Lram))
    return op->emitOpError() << "copies from xram to xram or lram, got " << spaceName(in)
                             << " -> " << spaceName(out);
  if (inStrides.size() != shape.size() || outStrides.size() != shape.size())
    return op->emitOpError() << "strides and shape must have the same rank";
  return success();
}

LogicalResult HostCopyOp::verify() {
  return verifyHostCopy(*this, getInput(), getOutput(), getInputStridesBytes(),
                        getOutputStridesBytes(), getShape());
}

LogicalResult DynamicHostCopyOp::verify() {
  return verifyHostCopy(*this, getInput(), getOutput(), getInputStridesBytes(),
                        getOutputStridesBytes(), getShape());
}

static LogicalResult verifyInvocation(Operation *op, Value program, Value invocation,
                                      std::optional<APInt> executorId) {
  auto prog = cast<ProgramType>(program.getType());
  auto inv = cast<InvocationType>(invocation.getType());
  if (prog.getExecutor() != inv.getExecutor())
    return op->emitOpError() << "invocation for executor '"
                             << stringifyExecutor(inv.getExecutor()) << "' of a program for '"
                             << stringifyExecutor(prog.getExecutor()) << "'";
  if (executorId && executorId->isNegative())
    return op->emitOpError() << "executor_id must not be negative";
  return success();
}

LogicalResult CreateInvocationOp::verify() {
  return verifyInvocation(*this, getProgram(), getInvocation(), getExecutorId());
}

LogicalResult DescriptorOp::verify() {
  return verifyInvocation(*this, getProgram(), getInvocation(), getExecutorId());
}

LogicalResult StartProgramOp::verify() {
  Operation *def = getInvocation().getDefiningOp();
  Value programValue;
  if (auto create = dyn_cast_or_null<CreateInvocationOp>(def))
    programValue = create.getProgram();
  else if (auto desc = dyn_cast_or_null<DescriptorOp>(def))
    programValue = desc.getProgram();
  auto program = programValue ? programValue.getDefiningOp<ProgramOp>() : ProgramOp();
  if (!program || program.getBody().empty())
    return success();
  unsigned expected = program.getBody().front().getNumArguments();
  if (expected != getArgs().size())
    return emitOpError() << "program '" << program.getName() << "' takes " << expected
                         << " arguments but " << getArgs().size() << " were passed";
  return success();
}

LogicalResult WaitProgramOp::verify() {
  auto inv = cast<InvocationType>(getInvocation().getType());
  if (!getOutputs().empty() && inv.getExecutor() != Executor::NSS)
    return emitOpError() << "only an nss invocation returns results";
  return success();
}

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/Registration.h"
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TorqHL, torq_hl, mlir::syna::torq_hl::TorqHLDialect)
