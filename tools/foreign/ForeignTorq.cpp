//===- ForeignTorq.cpp - torq dialects that keep only printed text --------===//
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "ForeignTorqDialects.h"

using namespace mlir;

namespace {
/// Reads the rest of an attribute or type body token by token (keywords,
/// numbers, strings, punctuation; `#alias` references are resolved) and
/// returns its text with every alias replaced by the attribute it names, so
/// that printing the text back needs no alias definition.
FailureOr<std::string> readBody(DialectAsmParser &p) {
  StringRef spec = p.getFullSymbolSpec();
  std::string text;
  const char *copied = spec.begin();
  auto cur = [&] { return p.getCurrentLocation().getPointer(); };
  auto atEnd = [&] {
    const char *c = cur();
    return c < spec.begin() || c >= spec.end() || StringRef(c, spec.end() - c).trim().empty();
  };
  while (!atEnd()) {
    const char *at = cur();
    StringRef kw;
    APInt i;
    std::string s;
    if (succeeded(p.parseOptionalKeyword(&kw)) || p.parseOptionalInteger(i).has_value() ||
        succeeded(p.parseOptionalString(&s)) || succeeded(p.parseOptionalArrow()) ||
        succeeded(p.parseOptionalLParen()) || succeeded(p.parseOptionalRParen()) ||
        succeeded(p.parseOptionalLSquare()) || succeeded(p.parseOptionalRSquare()) ||
        succeeded(p.parseOptionalLBrace()) || succeeded(p.parseOptionalRBrace()) ||
        succeeded(p.parseOptionalLess()) || succeeded(p.parseOptionalGreater()) ||
        succeeded(p.parseOptionalComma()) || succeeded(p.parseOptionalEqual()) ||
        succeeded(p.parseOptionalColon()) || succeeded(p.parseOptionalPlus()) ||
        succeeded(p.parseOptionalMinus()) || succeeded(p.parseOptionalStar()) ||
        succeeded(p.parseOptionalQuestion()))
      continue;
    if (*at == '#') {
      Attribute a;
      OptionalParseResult r = p.parseOptionalAttribute(a);
      if (r.has_value() && succeeded(*r)) {
        // Replace the alias by the attribute it names.
        text.append(copied, at);
        llvm::raw_string_ostream os(text);
        a.print(os);
        copied = cur();
        continue;
      }
    }
    return p.emitError(p.getCurrentLocation(), "foreign torq dialect: cannot read this token");
  }
  const char *end = cur() < spec.end() && cur() >= spec.begin() ? cur() : spec.end();
  text.append(copied, end);
  return StringRef(text).trim().str();
}
} // namespace

#define DEFINE_FOREIGN_DIALECT(NS, CLASS)                                             \
  Attribute NS::CLASS::parseAttribute(DialectAsmParser &p, Type) const {                        \
    FailureOr<std::string> body = readBody(p);                                                    \
    if (failed(body))                                                                             \
      return {};                                                                                  \
    return NS::TextAttr::get(getContext(), *body);                                                \
  }                                                                                               \
  void NS::CLASS::printAttribute(Attribute a, DialectAsmPrinter &p) const {                      \
    p << cast<NS::TextAttr>(a).getText();                                                         \
  }                                                                                               \
  Type NS::CLASS::parseType(DialectAsmParser &p) const {                                         \
    FailureOr<std::string> body = readBody(p);                                                    \
    if (failed(body))                                                                             \
      return {};                                                                                  \
    return NS::TextType::get(getContext(), *body);                                                \
  }                                                                                               \
  void NS::CLASS::printType(Type t, DialectAsmPrinter &p) const {                                \
    p << cast<NS::TextType>(t).getText();                                                         \
  }                                                                                               \
  void NS::CLASS::initialize() {                                                                 \
    addAttributes<NS::TextAttr>();                                                                \
    addTypes<NS::TextType>();                                                                     \
    allowUnknownOperations();                                                                     \
  }

DEFINE_FOREIGN_DIALECT(foreign::torq_hl, ForeignHLDialect)
DEFINE_FOREIGN_DIALECT(foreign::torq_hw, ForeignHWDialect)

#define GET_ATTRDEF_CLASSES
#include "ForeignTorqHLAttrs.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ForeignTorqHWAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "ForeignTorqHLTypes.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "ForeignTorqHWTypes.cpp.inc"
#include "ForeignTorqHLDialect.cpp.inc"
#include "ForeignTorqHWDialect.cpp.inc"
