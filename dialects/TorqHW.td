//===- TorqHW.td - the torq_hw dialect (slice tasks, NSS tasks) -----------===//
//
// The part of upstream's torq_hw dialect a function holds during and after
// the NSS stage: slice tasks with their configuration and NDLs (memory and
// register address generators), the profiling ops the cost model writes, and
// the NSS-level task ops (DMA, CDMA, slice and CSS start/wait). Every
// construct prints and parses exactly as upstream's printer writes it.
//
//===----------------------------------------------------------------------===//

#ifndef TORQ_HW_TD
#define TORQ_HW_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TorqHW_Dialect : Dialect {
  let name = "torq_hw";
  let cppNamespace = "::mlir::syna::torq_hw";
  let summary = "Torq hardware dialect: slice tasks, NDLs, NSS tasks";
  // parseAttribute/printAttribute are written in TorqHW.cpp: they call the
  // generated ones and then reject text left in the attribute's body.
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

// torq_hl's invocation type, by its C++ class (torq_hw does not include
// torq_hl's ODS, so that each dialect's generated enums stay its own).
def TorqHW_Invocation : Type<
    CPred<"::llvm::isa<::mlir::syna::torq_hl::InvocationType>($_self)">,
    "torq_hl invocation", "::mlir::syna::torq_hl::InvocationType">;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

class TorqHW_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::syna::torq_hw";
  let genSpecializedAttr = 0;
}

def TorqHW_ACTMode : TorqHW_Enum<"ACTMode", "activation unit mode", [
    I32EnumAttrCase<"ACT", 0>, I32EnumAttrCase<"ABS", 1>, I32EnumAttrCase<"NEG", 2>,
    I32EnumAttrCase<"CLZ", 3>, I32EnumAttrCase<"CEL", 4>, I32EnumAttrCase<"FLR", 5>,
    I32EnumAttrCase<"LSL", 6>, I32EnumAttrCase<"LSR", 7>, I32EnumAttrCase<"ASR", 8>,
    I32EnumAttrCase<"I2F", 9>, I32EnumAttrCase<"F2I", 10>]>;

def TorqHW_ALUOp0Mode : TorqHW_Enum<"ALUOp0Mode", "ALU stage-0 mode", [
    I32EnumAttrCase<"MUL", 1>, I32EnumAttrCase<"DBYP", 12>]>;

def TorqHW_ALUOp1Mode : TorqHW_Enum<"ALUOp1Mode", "ALU stage-1 mode", [
    I32EnumAttrCase<"ACC", 1>, I32EnumAttrCase<"SACC", 2>, I32EnumAttrCase<"AMAX", 3>,
    I32EnumAttrCase<"AMIN", 4>, I32EnumAttrCase<"MAX", 5>, I32EnumAttrCase<"MIN", 6>,
    I32EnumAttrCase<"GT", 7>, I32EnumAttrCase<"GE", 8>, I32EnumAttrCase<"EQ", 9>,
    I32EnumAttrCase<"OR", 10>, I32EnumAttrCase<"AND", 11>, I32EnumAttrCase<"XOR", 12>,
    I32EnumAttrCase<"NOT", 13>, I32EnumAttrCase<"BOR", 14>, I32EnumAttrCase<"BAND", 15>,
    I32EnumAttrCase<"BXOR", 16>, I32EnumAttrCase<"BNOT", 17>, I32EnumAttrCase<"BYP", 18>,
    I32EnumAttrCase<"MUL", 19>, I32EnumAttrCase<"SEL", 20>]>;

def TorqHW_RegDimTag : TorqHW_Enum<"RegDimTag", "tag of a register-NDL dimension", [
    I32EnumAttrCase<"I", 0>, I32EnumAttrCase<"B", 1>, I32EnumAttrCase<"J", 2>,
    I32EnumAttrCase<"D", 3>, I32EnumAttrCase<"K", 4>, I32EnumAttrCase<"G", 5>,
    I32EnumAttrCase<"L", 6>, I32EnumAttrCase<"S", 7>, I32EnumAttrCase<"M", 8>,
    I32EnumAttrCase<"W", 9>, I32EnumAttrCase<"N", 10>, I32EnumAttrCase<"T", 11>]>;

def TorqHW_MemDimTag : TorqHW_Enum<"MemDimTag", "tag of a memory-NDL dimension", [
    I32EnumAttrCase<"X", 0>, I32EnumAttrCase<"Y", 1>, I32EnumAttrCase<"A", 2>,
    I32EnumAttrCase<"I", 3>, I32EnumAttrCase<"J", 4>, I32EnumAttrCase<"U", 5>,
    I32EnumAttrCase<"V", 6>, I32EnumAttrCase<"G", 7>, I32EnumAttrCase<"O", 8>,
    I32EnumAttrCase<"B", 9>, I32EnumAttrCase<"D", 10>]>;

def TorqHW_DimType : TorqHW_Enum<"DimType", "low, high or special NDL dimension", [
    I32EnumAttrCase<"L", 0>, I32EnumAttrCase<"H", 1>, I32EnumAttrCase<"S", 2>]>;

def TorqHW_RoundingMode : TorqHW_Enum<"RoundingMode", "activation rounding", [
    I32EnumAttrCase<"OFF", 1>, I32EnumAttrCase<"NTE", 2>, I32EnumAttrCase<"NTO", 3>,
    I32EnumAttrCase<"NTP", 4>, I32EnumAttrCase<"NTN", 5>, I32EnumAttrCase<"NTI", 6>,
    I32EnumAttrCase<"NTZ", 7>, I32EnumAttrCase<"DBL", 8>]>;

def TorqHW_WeightFormat : TorqHW_Enum<"WeightFormat", "weight decompression format", [
    I32EnumAttrCase<"SI", 1>, I32EnumAttrCase<"UI", 2>, I32EnumAttrCase<"FP", 3>,
    I32EnumAttrCase<"BF", 4>, I32EnumAttrCase<"NF", 5>]>;

def TorqHW_NumberFormat : TorqHW_Enum<"NumberFormat", "ALU/ACT number format", [
    I32EnumAttrCase<"I", 1>, I32EnumAttrCase<"BF", 2>]>;

def TorqHW_NdlType : TorqHW_Enum<"NdlType", "the agent an NDL drives", [
    I32EnumAttrCase<"REF", 0>, I32EnumAttrCase<"DEDR", 1>, I32EnumAttrCase<"DEWR", 2>,
    I32EnumAttrCase<"DEBR", 3>, I32EnumAttrCase<"DEQW", 4>, I32EnumAttrCase<"CEDW", 5>,
    I32EnumAttrCase<"CEDR", 6>, I32EnumAttrCase<"CEWW", 7>, I32EnumAttrCase<"CEWR", 8>,
    I32EnumAttrCase<"CEPW", 9>, I32EnumAttrCase<"CEPR", 10>, I32EnumAttrCase<"ACBW", 11>,
    I32EnumAttrCase<"ACBR", 12>, I32EnumAttrCase<"ACPW", 13>, I32EnumAttrCase<"ACPR", 14>,
    I32EnumAttrCase<"ALDW", 15>]>;

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

def TorqHW_SliceCfgAttr : AttrDef<TorqHW_Dialect, "SliceCfg"> {
  let mnemonic = "slice_cfg";
  let summary = "the configuration registers of a slice task";
  let parameters = (ins
    ArrayRefParameter<"ALUOp0Mode">:$alu_op0_mode,
    ArrayRefParameter<"ALUOp1Mode">:$alu_op1_mode,
    "uint32_t":$alu_d_unsigned,
    "uint32_t":$alu_w_unsigned,
    "ACTMode":$act_mode,
    OptionalArrayRefParameter<"uint32_t">:$act_lsh,
    OptionalParameter<"int32_t">:$act_rsh,
    OptionalParameter<"int32_t">:$act_clip_min,
    OptionalParameter<"int32_t">:$act_clip_max,
    OptionalParameter<"int32_t">:$act_zero_point,
    OptionalParameter<"uint32_t">:$no_p_clear,
    OptionalParameter<"uint32_t">:$no_p_output,
    OptionalParameter<"uint32_t">:$kernel_left,
    OptionalParameter<"uint32_t">:$kernel_right,
    OptionalParameter<"uint32_t">:$kernel_top,
    OptionalParameter<"uint32_t">:$kernel_bottom,
    OptionalParameter<"int32_t">:$pad_left,
    OptionalParameter<"int32_t">:$pad_right,
    OptionalParameter<"int32_t">:$pad_top,
    OptionalParameter<"int32_t">:$pad_bottom,
    OptionalParameter<"int32_t">:$pad_value,
    OptionalParameter<"int32_t">:$stride,
    OptionalParameter<"int32_t">:$stride_offset,
    OptionalParameter<"RoundingMode">:$act_round_mode,
    OptionalParameter<"WeightFormat">:$weight_format,
    OptionalParameter<"uint32_t">:$alu_disable,
    OptionalParameter<"uint32_t">:$act_disable,
    OptionalParameter<"NumberFormat">:$alu_format,
    OptionalParameter<"NumberFormat">:$act_format,
    OptionalParameter<"uint32_t">:$act_sum_bits,
    OptionalArrayRefParameter<"int32_t">:$table);
  // Every field ends in a comma except `table`, as upstream prints it.
  let assemblyFormat = [{
    `{`
      `alu_op0_mode` `=` `[` $alu_op0_mode `]` `,`
      `alu_op1_mode` `=` `[` $alu_op1_mode `]` `,`
      `alu_d_unsigned` `=` $alu_d_unsigned `,`
      `alu_w_unsigned` `=` $alu_w_unsigned `,`
      `act_mode` `=` $act_mode `,`
      (`act_lsh` `=` `[` $act_lsh^ `]` `,`)?
      (`act_rsh` `=` $act_rsh^ `,`)?
      (`act_clip_min` `=` $act_clip_min^ `,`)?
      (`act_clip_max` `=` $act_clip_max^ `,`)?
      (`act_zero_point` `=` $act_zero_point^ `,`)?
      (`no_p_clear` `=` $no_p_clear^ `,`)?
      (`no_p_output` `=` $no_p_output^ `,`)?
      (`kernel_left` `=` $kernel_left^ `,`)?
      (`kernel_right` `=` $kernel_right^ `,`)?
      (`kernel_top` `=` $kernel_top^ `,`)?
      (`kernel_bottom` `=` $kernel_bottom^ `,`)?
      (`pad_left` `=` $pad_left^ `,`)?
      (`pad_right` `=` $pad_right^ `,`)?
      (`pad_top` `=` $pad_top^ `,`)?
      (`pad_bottom` `=` $pad_bottom^ `,`)?
      (`pad_value` `=` $pad_value^ `,`)?
      (`stride` `=` $stride^ `,`)?
      (`stride_offset` `=` $stride_offset^ `,`)?
      (`act_round_mode` `=` $act_round_mode^ `,`)?
      (`weight_format` `=` $weight_format^ `,`)?
      (`alu_disable` `=` $alu_disable^ `,`)?
      (`act_disable` `=` $act_disable^ `,`)?
      (`alu_format` `=` $alu_format^ `,`)?
      (`act_format` `=` $act_format^ `,`)?
      (`act_sum_bits` `=` $act_sum_bits^ `,`)?
      (`table` `=` `[` $table^ `]`)?
    `}`
  }];
}

def TorqHW_MemDimAttr : AttrDef<TorqHW_Dialect, "MemDim"> {
  let mnemonic = "mem_dimension";
  let summary = "one dimension of a memory NDL: `TAG(KIND) [count, stride map]`";
  let parameters = (ins "DimType":$type, "MemDimTag":$tag, "int64_t":$count,
                        "::mlir::AffineMapAttr":$stride);
  let assemblyFormat = "$tag `(` $type `)` `[` $count `,` $stride `]`";
}

def TorqHW_RegDimAttr : AttrDef<TorqHW_Dialect, "RegDim"> {
  let mnemonic = "reg_dimension";
  let summary = "one dimension of a register NDL: `TAG(KIND) [count, stride]`";
  let parameters = (ins "DimType":$type, "RegDimTag":$tag, "int64_t":$count,
                        "int64_t":$stride);
  let assemblyFormat = "$tag `(` $type `)` `[` $count `,` $stride `]`";
}

def TorqHW_DmaDimAttr : AttrDef<TorqHW_Dialect, "DmaDim"> {
  let mnemonic = "dma_dimension";
  let summary = "one dimension of a DMA NDL: `[count, stride]`";
  let parameters = (ins "int64_t":$count, "int64_t":$stride);
  let assemblyFormat = "`[` $count `,` $stride `]`";
}

def TorqHW_MemNdlAttr : AttrDef<TorqHW_Dialect, "MemNdl"> {
  let mnemonic = "mem_ndl";
  let summary = "a memory NDL: its agent, dimensions and optional settings";
  let parameters = (ins "NdlType":$type,
                        OptionalArrayRefParameter<"MemDimAttr">:$dims,
                        DefaultValuedParameter<"int64_t", "0">:$index,
                        DefaultValuedParameter<"int64_t", "0">:$offset,
                        DefaultValuedParameter<"int64_t", "0">:$set_id,
                        DefaultValuedParameter<"int64_t", "0">:$sync_mode,
                        DefaultValuedParameter<"int64_t", "0">:$sync_nhd);
  let assemblyFormat = [{
    `{` $type `dims` `=` `[` (`]`) : ($dims^ `]`)?
    (`index` `=` $index^)?
    (`offset` `=` $offset^)?
    (`set_id` `=` $set_id^)?
    (`sync_mode` `=` $sync_mode^)?
    (`sync_nhd` `=` $sync_nhd^)?
    `}`
  }];
}

def TorqHW_RegNdlAttr : AttrDef<TorqHW_Dialect, "RegNdl"> {
  let mnemonic = "reg_ndl";
  let summary = "a register NDL: its agent, dimensions (maybe none) and set id";
  let parameters = (ins "NdlType":$type,
                        OptionalArrayRefParameter<"RegDimAttr">:$dims,
                        DefaultValuedParameter<"int64_t", "0">:$set_id);
  let assemblyFormat = [{
    `{` $type (`dims` `=` `[` $dims^ `]`)? (`set_id` `=` `[` $set_id^ `]`)? `}`
  }];
}

def TorqHW_MemNdlArrayAttr
    : ArrayOfAttr<TorqHW_Dialect, "MemNdlArray", "mem_ndl_array", "MemNdlAttr">;
def TorqHW_RegNdlArrayAttr
    : ArrayOfAttr<TorqHW_Dialect, "RegNdlArray", "reg_ndl_array", "RegNdlAttr">;

def TorqHW_DmaNdlAttr : AttrDef<TorqHW_Dialect, "DmaNdl"> {
  let mnemonic = "dma_ndl";
  let summary = "the address pattern of one side of a DMA transfer";
  let parameters = (ins ArrayRefParameter<"DmaDimAttr">:$dims);
  let assemblyFormat = "`{` `dims` `=` `[` $dims `]` `}`";
}

def TorqHW_NdlCyclesAttr : AttrDef<TorqHW_Dialect, "NdlCycles"> {
  let mnemonic = "ndl_cycles";
  let summary = "the twelve per-agent cycle counts of a slice task";
  let parameters = (ins "int64_t":$dedr, "int64_t":$dewr, "int64_t":$debr,
                        "int64_t":$deqw, "int64_t":$cedw, "int64_t":$cedr,
                        "int64_t":$ceww, "int64_t":$cewr, "int64_t":$cepr,
                        "int64_t":$acbw, "int64_t":$acbr, "int64_t":$acpr);
  let assemblyFormat = [{
    `dedr` `(` $dedr `)` `dewr` `(` $dewr `)` `debr` `(` $debr `)`
    `deqw` `(` $deqw `)` `cedw` `(` $cedw `)` `cedr` `(` $cedr `)`
    `ceww` `(` $ceww `)` `cewr` `(` $cewr `)` `cepr` `(` $cepr `)`
    `acbw` `(` $acbw `)` `acbr` `(` $acbr `)` `acpr` `(` $acpr `)`
  }];
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class TorqHW_Op<string mnemonic, list<Trait> traits = []> :
    Op<TorqHW_Dialect, mnemonic, traits>;

class TorqHW_DmaCfgOp<string mnemonic> : TorqHW_Op<mnemonic> {
  let summary = "configure one direction of the NSS DMA";
  let arguments = (ins AnyMemRef:$read, AnyMemRef:$write,
                       TorqHW_DmaNdlAttr:$read_ndl, TorqHW_DmaNdlAttr:$write_ndl,
                       OptionalAttr<I32Attr>:$read_address,
                       OptionalAttr<I32Attr>:$write_address);
  let assemblyFormat = "`from` $read `:` type($read) `to` $write `:` type($write) attr-dict";
}
def TorqHW_DmaInCfgOp : TorqHW_DmaCfgOp<"dma_in_cfg">;
def TorqHW_DmaOutCfgOp : TorqHW_DmaCfgOp<"dma_out_cfg">;

class TorqHW_BareOp<string mnemonic, string text> : TorqHW_Op<mnemonic> {
  let summary = text;
  let assemblyFormat = "attr-dict";
}
def TorqHW_DmaInStartOp : TorqHW_BareOp<"dma_in_start", "start the configured DMA in">;
def TorqHW_DmaInWaitOp : TorqHW_BareOp<"dma_in_wait", "wait for the DMA in">;
def TorqHW_DmaOutStartOp : TorqHW_BareOp<"dma_out_start", "start the configured DMA out">;
def TorqHW_DmaOutWaitOp : TorqHW_BareOp<"dma_out_wait", "wait for the DMA out">;
def TorqHW_CssWaitOp : TorqHW_BareOp<"css_wait", "wait for the CSS to signal">;
def TorqHW_CdmaWaitOp : TorqHW_BareOp<"cdma_wait", "wait for the CDMA transfer">;

def TorqHW_SliceStartOp : TorqHW_Op<"slice_start"> {
  let summary = "start a slice program (generic form only, as upstream)";
  let arguments = (ins TorqHW_Invocation:$invocation, AnyMemRef:$program, IndexAttr:$id,
                       Variadic<AnyMemRef>:$args, OptionalAttr<I32Attr>:$program_address);
}

def TorqHW_SliceWaitOp : TorqHW_Op<"slice_wait"> {
  let summary = "wait for a slice (generic form only, as upstream)";
  let arguments = (ins IndexAttr:$id);
}

def TorqHW_CssStartOp : TorqHW_Op<"css_start"> {
  let summary = "start a program on the CSS";
  let arguments = (ins TorqHW_Invocation:$invocation, AnyMemRef:$program,
                       AnyMemRef:$args_addresses, Variadic<AnyMemRef>:$args,
                       OptionalAttr<I32Attr>:$program_address,
                       OptionalAttr<I32Attr>:$arg_addresses_address);
  let assemblyFormat = [{
    $invocation `:` qualified(type($invocation)) `program` $program
    `(` $args_addresses `=` $args `)` attr-dict `:` type($program) `,`
    type($args_addresses) `,` type($args)
  }];
}

def TorqHW_CdmaStartOp : TorqHW_Op<"cdma_start"> {
  let summary = "start a CDMA transfer (LRAM <-> DTCM/ITCM)";
  let arguments = (ins AnyMemRef:$dest, AnyMemRef:$src,
                       OptionalAttr<I32Attr>:$dest_address,
                       OptionalAttr<I32Attr>:$src_address);
  let assemblyFormat = "`from` $src `:` type($src) `to` $dest `:` type($dest) attr-dict";
}

def TorqHW_GetAddressOp : TorqHW_Op<"get_address"> {
  let summary = "the address of a memref (generic form only, as upstream)";
  let arguments = (ins AnyMemRef:$memref);
  let results = (outs Index:$address);
}

def TorqHW_NssTaskOp : TorqHW_Op<"nss_task", [NoTerminator]> {
  let summary = "one task of the NSS program";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict `(` `)` regions";
}

def TorqHW_SliceTaskOp : TorqHW_Op<"slice_task", [AttrSizedOperandSegments]> {
  let summary = "one task of a slice program";
  let description = [{
    Operand groups: d (data), w (weights), b (bias/scale), q (output,
    written), dx and bx (extra data and bias inputs), then the index symbols.
    The memory and register NDLs drive the cost model.
  }];
  let arguments = (ins StrAttr:$op_name,
                       Variadic<AnyMemRef>:$d, Variadic<AnyMemRef>:$w,
                       Variadic<AnyMemRef>:$b, Variadic<AnyMemRef>:$q,
                       Variadic<AnyMemRef>:$dx, Variadic<AnyMemRef>:$bx,
                       Variadic<Index>:$symbols,
                       TorqHW_SliceCfgAttr:$slice_cfg_attr,
                       TorqHW_MemNdlArrayAttr:$mem_ndls,
                       TorqHW_RegNdlArrayAttr:$reg_ndls);
  let assemblyFormat = [{
    `{`
      `\n` `op` `:` $op_name
      (`\n` `D` $d^ `:` type($d))?
      (`\n` `W` $w^ `:` type($w))?
      (`\n` `B` $b^ `:` type($b))?
      (`\n` `Q` $q^ `:` type($q))?
      (`\n` `DX` $dx^ `:` type($dx))?
      (`\n` `BX` $bx^ `:` type($bx))?
      (`\n` `SYMBOLS` $symbols^)?
      attr-dict
      `\n` `CFG` $slice_cfg_attr
      `\n` $mem_ndls
      `\n` $reg_ndls
    `\n` `}`
  }];
}

def TorqHW_DispatchProfilingOp : TorqHW_Op<"dispatch_profiling"> {
  let summary = "memory and cycles of a whole dispatch";
  let arguments = (ins I32Attr:$total_mem, I32Attr:$total_cycle);
  let assemblyFormat = [{
    attr-dict
    `\n` `memory` `:` $total_mem `bytes`
    `\n` `total_cycle` `:` $total_cycle
  }];
}

def TorqHW_SliceProfilingOp : TorqHW_Op<"slice_profiling"> {
  let summary = "memory and cycles of one slice task (written by the cost model)";
  let arguments = (ins I32Attr:$slice_mem, StrAttr:$slice_meminfo,
                       I32Attr:$max_cycle, TorqHW_NdlCyclesAttr:$slice_ndl_cycles);
  let assemblyFormat = [{
    attr-dict
    `\n` `memory` `:` $slice_mem `bytes`
    `\n` `memory_info` `:` $slice_meminfo
    `\n` `max_cycle` `:` $max_cycle
    `\n` `ndl_cycles` `:` $slice_ndl_cycles
  }];
}

#endif // TORQ_HW_TD
