//===- ForeignTorq.td - torq_hl / torq_hw as a foreign host sees them -----===//
//
// Two dialects named torq_hl and torq_hw that share nothing with this
// project's: every attribute and type is kept as its printed text, every op
// is an unknown op. A host built this way proves that the Rust passes read
// only op names, operands, regions and printed attributes.
//
//===----------------------------------------------------------------------===//

#ifndef FOREIGN_TORQ_TD
#define FOREIGN_TORQ_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

class Foreign_Dialect<string dialectName, string ns> : Dialect {
  let name = dialectName;
  let cppNamespace = ns;
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

def ForeignHL_Dialect : Foreign_Dialect<"torq_hl", "::foreign::torq_hl">;
def ForeignHW_Dialect : Foreign_Dialect<"torq_hw", "::foreign::torq_hw">;

class Foreign_TextAttr<Dialect d> : AttrDef<d, "Text"> {
  let attrName = d.name # ".text";
  let parameters = (ins StringRefParameter<"the printed body">:$text);
}
class Foreign_TextType<Dialect d> : TypeDef<d, "Text"> {
  let typeName = d.name # ".text";
  let parameters = (ins StringRefParameter<"the printed body">:$text);
}

def ForeignHL_TextAttr : Foreign_TextAttr<ForeignHL_Dialect>;
def ForeignHL_TextType : Foreign_TextType<ForeignHL_Dialect>;
def ForeignHW_TextAttr : Foreign_TextAttr<ForeignHW_Dialect>;
def ForeignHW_TextType : Foreign_TextType<ForeignHW_Dialect>;

#endif // FOREIGN_TORQ_TD
