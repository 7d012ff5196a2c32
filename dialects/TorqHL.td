//===- TorqHL.td - the torq_hl dialect (NSS stream level) -----------------===//
//
// The part of upstream's torq_hl dialect that a function holds between
// ConvertSliceProgramToTorqHw and the end of the NSS stage: memory spaces and
// encodings, programs and invocations (and their later descriptor form),
// DMA transfers and host copies. Every construct prints and parses exactly as
// upstream's own printer writes it (../shared/spec/upstream-syntax/); the
// compute ops of earlier stages (torq_hl.add, convert, ...) are out of scope.
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
  // parseAttribute/printAttribute are written in TorqHL.cpp: they call the
  // generated ones and then reject text left in the attribute's body.
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
  let useDefaultTypePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Enums and enum attributes
//===----------------------------------------------------------------------===//

class TorqHL_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::syna::torq_hl";
  let genSpecializedAttr = 0;
}

class TorqHL_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<TorqHL_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def TorqHL_Executor : TorqHL_Enum<"Executor", "the unit that runs a program", [
    I32EnumAttrCase<"Slice", 0, "slice">,
    I32EnumAttrCase<"CSS", 1, "css">,
    I32EnumAttrCase<"NSS", 2, "nss">,
    I32EnumAttrCase<"Host", 3, "host">]>;
def TorqHL_ExecutorAttr : TorqHL_EnumAttr<TorqHL_Executor, "executor">;

def TorqHL_MemorySpace : TorqHL_Enum<"MemorySpace", "Torq memory spaces", [
    I32EnumAttrCase<"Xram", 1, "xram">,
    I32EnumAttrCase<"Lram", 2, "lram">,
    I32EnumAttrCase<"Dtcm", 3, "dtcm">,
    I32EnumAttrCase<"Itcm", 4, "itcm">,
    I32EnumAttrCase<"Host", 5, "host">]>;
def TorqHL_MemorySpaceAttr : TorqHL_EnumAttr<TorqHL_MemorySpace, "memory_space">;

def TorqHL_DynamicHostCopyDirection : TorqHL_Enum<"DynamicHostCopyDirection",
    "when the host performs a dynamic copy", [
    I32EnumAttrCase<"PreDispatchRead", 0, "pre_dispatch_read">,
    I32EnumAttrCase<"PostDispatchWrite", 1, "post_dispatch_write">]>;
def TorqHL_DynamicHostCopyDirectionAttr
    : TorqHL_EnumAttr<TorqHL_DynamicHostCopyDirection, "dynamic_host_copy_direction">;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TorqHL_EncodingAttr : AttrDef<TorqHL_Dialect, "Encoding"> {
  let mnemonic = "enc";
  let summary = "memory space and layout of the buffer behind a memref";
  let description = [{
    `#torq_hl<enc mem_space = lram [counts = [..]] [strides = [..]] [padding = N]>`,
    used as the memory-space attribute of a memref. `counts` and `strides`
    describe the backing buffer in elements; `padding` is a number of extra
    elements at its end. The buffer's encoded total size (what the allocator
    reserves) is, in elements: 1 + padding for rank 0; strides[0] x shape[0]
    + padding with strides; s0 x shape[0] + padding - (offset mod s0) for a
    strided layout without encoding strides; else elements + padding; then
    ceil(elements x element bits / 8) bytes.
  }];
  let parameters = (ins
    "::mlir::syna::torq_hl::MemorySpace":$mem_space,
    OptionalArrayRefParameter<"int64_t">:$counts,
    OptionalArrayRefParameter<"int64_t">:$strides,
    OptionalParameter<"int64_t">:$padding);
  let assemblyFormat = [{
    `mem_space` `=` $mem_space (`counts` `=` `[` $counts^ `]`)?
    (`strides` `=` `[` $strides^ `]`)? (`padding` `=` $padding^)?
  }];
  let genVerifyDecl = 1;
}

def TorqHL_EncodingRequirementsAttr : AttrDef<TorqHL_Dialect, "EncodingRequirements"> {
  let mnemonic = "enc_req";
  let summary = "what a consumer requires of an encoding";
  let description = [{
    `strides_align`: per dimension, a positive alignment in elements or a
    negative one in items of the previous dimension; `padding_align`: the
    total size must be a multiple of it; `only_dense`: only dense layouts.
  }];
  let parameters = (ins
    "::mlir::syna::torq_hl::MemorySpace":$mem_space,
    OptionalArrayRefParameter<"int64_t">:$strides_align,
    OptionalParameter<"int64_t">:$padding_align,
    OptionalParameter<"bool">:$only_dense);
  let assemblyFormat = [{
    `mem_space` `=` $mem_space (`strides_align` `=` `[` $strides_align^ `]`)?
    (`padding_align` `=` $padding_align^)? (`only_dense` `=` $only_dense^)?
  }];
}

def TorqHL_BufferAttr : AttrDef<TorqHL_Dialect, "Buffer"> {
  let mnemonic = "buffer";
  let summary = "a memref type placed at an address";
  let parameters = (ins "::mlir::MemRefType":$memref_type, "int64_t":$address);
  let assemblyFormat = "`<` `memref_type` $memref_type `,` `address` $address `>`";
}

def TorqHL_InvocationAttr : AttrDef<TorqHL_Dialect, "Invocation"> {
  let mnemonic = "invocation";
  let summary = "an invocation placed on an executor, with its code block addresses";
  let parameters = (ins "::mlir::syna::torq_hl::Executor":$executor,
                        "int64_t":$executor_id,
                        ArrayRefParameter<"int64_t">:$block_addresses);
  let assemblyFormat = [{
    `<` `executor` $executor `(` $executor_id `)` `,` `block_addresses` `=` `[`
    $block_addresses `]` `>`
  }];
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

def TorqHL_TensorOrMemRef : AnyTypeOf<[AnyMemRef, AnyRankedTensor]>;
def TorqHL_MemRefOrInvocation : AnyTypeOf<[AnyMemRef, TorqHL_InvocationType]>;

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
    than the memref's data size, up to its encoded size: swaps use it.
  }];
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$input_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unsafe);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_StoreOp : TorqHL_Op<"store"> {
  let summary = "DMA copy LRAM -> XRAM (blocks the NSS stream)";
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$output_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unsafe);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_HostCopyOp : TorqHL_Op<"host_copy"> {
  let summary = "a copy done by the host (a barrier for the NSS stream)";
  let description = [{
    XRAM -> XRAM, or XRAM -> LRAM for the code of an NSS program.
  }];
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       DenseI64ArrayAttr:$input_strides_bytes,
                       DenseI64ArrayAttr:$output_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes);
  let assemblyFormat = "$input `:` type($input) `to` $output `:` type($output) attr-dict";
  let hasVerifier = 1;
}

def TorqHL_DynamicHostCopyOp : TorqHL_Op<"dynamic_host_copy"> {
  let summary = "a host copy whose input offset is read from a binding at run time";
  let arguments = (ins AnyMemRef:$output, AnyMemRef:$input,
                       TorqHL_DynamicHostCopyDirectionAttr:$direction,
                       DenseI64ArrayAttr:$input_strides_bytes,
                       DenseI64ArrayAttr:$output_strides_bytes,
                       DenseI64ArrayAttr:$shape,
                       I64Attr:$element_size_bytes,
                       OptionalAttr<I32Attr>:$input_byte_offset_binding_index);
  let assemblyFormat = [{
    `from` $input `to` $output `:` type($input) `,` type($output) attr-dict
  }];
  let hasVerifier = 1;
}

def TorqHL_ConstOp : TorqHL_Op<"const"> {
  let summary = "an inlined constant (an XRAM memref after bufferization)";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs TorqHL_TensorOrMemRef:$output);
}

def TorqHL_MapBindingOp : TorqHL_Op<"map_binding"> {
  let summary = "an XRAM buffer bound by the runtime (input, output or weights)";
  let arguments = (ins IndexAttr:$offset, IndexAttr:$binding_index,
                       BoolAttr:$is_read_only, BoolAttr:$is_write_only);
  let results = (outs AnyMemRef:$output);
}

def TorqHL_ProgramOp : TorqHL_Op<"program", [IsolatedFromAbove]> {
  let summary = "an outlined program; its entry block arguments are the program arguments";
  let description = [{
    A segmented NSS program has several blocks chained by `torq_hl.next`;
    `block_sizes` then gives the byte size of each block's code.
  }];
  let arguments = (ins StrAttr:$name, OptionalAttr<DenseI32ArrayAttr>:$block_sizes);
  let results = (outs TorqHL_ProgramType:$program);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "$name attr-dict `:` qualified(type($program)) regions";
}

def TorqHL_ReturnOp : TorqHL_Op<"return", [Terminator]> {
  let summary = "terminator of a program body (an NSS program returns its code slots)";
  let arguments = (ins Variadic<TorqHL_TensorOrMemRef>:$outputs);
  let assemblyFormat = "($outputs^ `:` type($outputs))? attr-dict";
}

def TorqHL_NextOp : TorqHL_Op<"next", [Terminator]> {
  let summary = "continue a segmented NSS program with its next code block";
  let arguments = (ins AnyMemRef:$lram_area, OptionalAttr<I64Attr>:$lramAddress);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    `lram_area` `(` $lram_area `:` type($lram_area) `)` `to` $dest attr-dict
  }];
}

def TorqHL_ImportProgramOp : TorqHL_Op<"import_program", [Pure]> {
  let summary = "a program defined outside the function (a CSS task)";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs TorqHL_ProgramType:$program);
}

def TorqHL_ProgramCodeOp : TorqHL_Op<"program_code", [Pure]> {
  let summary = "the XRAM code of a program";
  let arguments = (ins TorqHL_ProgramType:$program);
  let results = (outs AnyMemRef:$code);
  let assemblyFormat = "$program attr-dict `:` qualified(type($program)) `->` type($code)";
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

def TorqHL_DescriptorOp : TorqHL_Op<"descriptor"> {
  let summary = "an invocation whose code is compiled (its bytes inline)";
  let arguments = (ins StrAttr:$name, TorqHL_ProgramType:$program,
                       OptionalAttr<IndexAttr>:$executor_id,
                       ArrayAttr:$code,
                       OptionalAttr<DenseI64ArrayAttr>:$executor_code_addresses,
                       OptionalAttr<DenseI64ArrayAttr>:$xram_code_addresses);
  let results = (outs TorqHL_InvocationType:$invocation,
                      Variadic<AnyMemRef>:$code_sections);
  let assemblyFormat = [{
    $name (`on` $executor_id^)? `program` $program `:` type($program) `code` $code
    attr-dict `:` qualified(type($invocation)) (`,` type($code_sections)^)?
  }];
  let hasVerifier = 1;
}

def TorqHL_GetBlockOp : TorqHL_Op<"get_block", [Pure]> {
  let summary = "the XRAM code of one block of a segmented invocation";
  let arguments = (ins TorqHL_InvocationType:$invocation, I64Attr:$index);
  let results = (outs AnyMemRef:$code);
  let assemblyFormat = [{
    $invocation `block` $index attr-dict `:` qualified(type($invocation)) `->` type($code)
  }];
}

def TorqHL_StartProgramOp : TorqHL_Op<"start_program", [AttrSizedOperandSegments]> {
  let summary = "start an invocation (asynchronous: the NSS stream goes on)";
  let description = [{
    Upstream prints a start without arguments as `args( : )`; that text is
    accepted here and printed the same way.
  }];
  let arguments = (ins TorqHL_InvocationType:$invocation,
                       Variadic<AnyMemRef>:$code_sections,
                       Variadic<TorqHL_MemRefOrInvocation>:$args);
  let assemblyFormat = [{
    $invocation `:` qualified(type($invocation))
    `args` `(` custom<ArgList>($args, type($args)) `)`
    (`code` `(` $code_sections^ `:` type($code_sections) `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
}

def TorqHL_WaitProgramOp : TorqHL_Op<"wait_program"> {
  let summary = "block the NSS stream until an invocation is done";
  let arguments = (ins TorqHL_InvocationType:$invocation,
                       OptionalAttr<DenseI64ArrayAttr>:$result_addresses);
  let results = (outs Variadic<AnyMemRef>:$outputs);
  let assemblyFormat = [{
    $invocation `:` qualified(type($invocation)) attr-dict (`:` type($outputs)^)?
  }];
  let hasVerifier = 1;
}

#endif // TORQ_HL_TD
