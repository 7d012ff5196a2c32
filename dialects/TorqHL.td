//===- TorqHL.td - the torq_hl dialect (NSS stream level) -----------------===//
//
// The subset of upstream's torq_hl dialect that the scheduling stage sees:
// memory spaces, programs and invocations, DMA transfers. Names, operand
// order, attribute names and printed forms follow ../shared/spec/upstream-ir.md
// so that IR written in upstream's syntax parses unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TORQ_HL_TD
#define TORQ_HL_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TorqHL_Dialect : Dialect {
  let name = "torq_hl";
  let cppNamespace = "::mlir::syna::torq_hl";
  let summary = "Torq high-level dialect: the NSS control stream";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def TorqHL_Executor : I32EnumAttr<"Executor", "the unit that runs a program", [
    I32EnumAttrCase<"Slice", 0, "slice">,
    I32EnumAttrCase<"CSS", 1, "css">,
    I32EnumAttrCase<"NSS", 2, "nss">,
    I32EnumAttrCase<"Host", 3, "host">]> {
  let cppNamespace = "::mlir::syna::torq_hl";
  let genSpecializedAttr = 0;
}

def TorqHL_MemorySpace : I32EnumAttr<"MemorySpace", "Torq memory spaces", [
    I32EnumAttrCase<"Xram", 1, "xram">,
    I32EnumAttrCase<"Lram", 2, "lram">,
    I32EnumAttrCase<"Dtcm", 3, "dtcm">,
    I32EnumAttrCase<"Itcm", 4, "itcm">,
    I32EnumAttrCase<"Host", 5, "host">]> {
  let cppNamespace = "::mlir::syna::torq_hl";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TorqHL_EncodingAttr : AttrDef<TorqHL_Dialect, "Encoding"> {
  let mnemonic = "enc";
  let summary = "memory space and layout of a memref";
  let description = [{
    `#torq_hl<enc mem_space = lram [counts = [..]] [strides = [..]] [padding = N]>`.
    Used as the memory-space attribute of a memref. `counts` and `strides` are
    in elements, row-major; `padding` is a number of extra bytes at the end of
    the buffer. The encoded size of a buffer (what the allocator reserves) is
    ceil(span * element bits / 8) + padding, span = 1 + sum((count_i - 1) * stride_i).
  }];
  let parameters = (ins
    "::mlir::syna::torq_hl::MemorySpace":$mem_space,
    OptionalArrayRefParameter<"int64_t">:$counts,
    OptionalArrayRefParameter<"int64_t">:$strides,
    DefaultValuedParameter<"int64_t", "0">:$padding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def TorqHL_ProgramType : TypeDef<TorqHL_Dialect, "Program"> {
  let mnemonic = "program";
  let summary = "an outlined program for one kind of executor";
  let parameters = (ins "::mlir::syna::torq_hl::Executor":$executor);
  let assemblyFormat = "`<` $executor `>`";
}

def TorqHL_InvocationType : TypeDef<TorqHL_Dialect, "Invocation"> {
  let mnemonic = "invocation";
  let summary = "one invocation of a program";
  let parameters = (ins "::mlir::syna::torq_hl::Executor":$executor);
  let assemblyFormat = "`<` $executor `>`";
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class TorqHL_Op<string mnemonic, list<Trait> traits = []> :
    Op<TorqHL_Dialect, mnemonic, traits>;

def TorqHL_LoadOp : TorqHL_Op<"load"> {
  let summary = "DMA copy XRAM -> LRAM (blocks the NSS stream)";
  let description = [{
    `shape` holds the outer repeat counts (may be empty), `element_size_bytes`
    the innermost contiguous chunk: the transfer moves
    prod(shape) * element_size_bytes bytes. An `unsafe` transfer may move more
    than the memref's data size (up to its encoded size): swaps use it.
  }];
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$input_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes,
                       DefaultValuedAttr<BoolAttr, "false">:$unsafe);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_StoreOp : TorqHL_Op<"store"> {
  let summary = "DMA copy LRAM -> XRAM (blocks the NSS stream)";
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$output_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes,
                       DefaultValuedAttr<BoolAttr, "false">:$unsafe);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_HostCopyOp : TorqHL_Op<"host_copy"> {
  let summary = "XRAM -> XRAM copy done by the host (a barrier for the NSS stream)";
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$output_strides_bytes,
                       DenseI64ArrayAttr:$input_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_ConstOp : TorqHL_Op<"const", [Pure]> {
  let summary = "constant data in XRAM (after bufferization)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyMemRef:$output);
  let assemblyFormat = "$value attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def TorqHL_MapBindingOp : TorqHL_Op<"map_binding", [Pure]> {
  let summary = "an XRAM buffer bound by the runtime (input, output or weights)";
  let arguments = (ins I64Attr:$binding_index,
                       DefaultValuedAttr<I64Attr, "0">:$offset,
                       DefaultValuedAttr<BoolAttr, "false">:$is_read_only,
                       DefaultValuedAttr<BoolAttr, "false">:$is_write_only);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TorqHL_ProgramOp : TorqHL_Op<"program", [IsolatedFromAbove,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "an outlined program; its block arguments are the program arguments";
  let arguments = (ins StrAttr:$name, OptionalAttr<DenseI64ArrayAttr>:$block_sizes);
  let results = (outs TorqHL_ProgramType:$program);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name attr-dict `:` qualified(type($program)) $body";
}

def TorqHL_ReturnOp : TorqHL_Op<"return", [Pure, Terminator,
    HasParent<"ProgramOp">]> {
  let summary = "terminator of a program body";
  let assemblyFormat = "attr-dict";
}

def TorqHL_CreateInvocationOp : TorqHL_Op<"create_invocation"> {
  let summary = "an invocation of a program on an executor";
  let description = [{
    `executor_id` (printed `on N`) picks the executor instance, e.g. the slice.
    The optional results are the XRAM code sections of the invocation.
  }];
  let arguments = (ins StrAttr:$name, TorqHL_ProgramType:$program,
                       OptionalAttr<IndexAttr>:$executor_id,
                       OptionalAttr<DenseI64ArrayAttr>:$executor_code_addresses,
                       OptionalAttr<DenseI64ArrayAttr>:$xram_code_addresses,
                       OptionalAttr<ArrayAttr>:$invocation_args);
  let results = (outs TorqHL_InvocationType:$invocation,
                      Variadic<AnyMemRef>:$code_sections);
  let assemblyFormat = [{
    $name `program` `(` $program `:` qualified(type($program)) `)` (`on` $executor_id^)?
    attr-dict `:` qualified(type($invocation)) (`,` type($code_sections)^)?
  }];
  let hasVerifier = 1;
}

def TorqHL_StartProgramOp : TorqHL_Op<"start_program", [AttrSizedOperandSegments]> {
  let summary = "start an invocation (asynchronous: the NSS stream goes on)";
  let arguments = (ins TorqHL_InvocationType:$invocation,
                       Variadic<AnyMemRef>:$code_sections,
                       Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $invocation `:` qualified(type($invocation))
    (`args` `(` $args^ `:` type($args) `)`)?
    (`code` `(` $code_sections^ `:` type($code_sections) `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
}

def TorqHL_WaitProgramOp : TorqHL_Op<"wait_program"> {
  let summary = "block the NSS stream until an invocation is done";
  let arguments = (ins TorqHL_InvocationType:$invocation,
                       OptionalAttr<DenseI64ArrayAttr>:$result_addresses);
  let results = (outs Variadic<AnyMemRef>:$results);
  let assemblyFormat = "$invocation `:` qualified(type($invocation)) attr-dict (`->` type($results)^)?";
  let hasVerifier = 1;
}

#endif // TORQ_HL_TD
