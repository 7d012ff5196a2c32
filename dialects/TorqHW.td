//===- TorqHW.td - the torq_hw dialect (slice programs) -------------------===//
//
// The part of upstream's torq_hw dialect the cost model reads: slice tasks
// with their operand groups and NDLs, and the profiling annotation that
// AnnotateDmaAndSliceCycles inserts. NDLs use this project's own readable
// syntax (upstream prints them with a multi-line format): the information is
// the same, a type plus dimensions of kind L/H/S, each with a tag and a count.
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
  let summary = "Torq hardware dialect: slice tasks and their profiles";
  let useDefaultAttributePrinterParser = 1;
}

def TorqHW_NdlType : I32EnumAttr<"NdlType", "the kind of an NDL (a hardware address generator)", [
    I32EnumAttrCase<"REF", 0, "ref">,
    I32EnumAttrCase<"DEDR", 1, "dedr">,
    I32EnumAttrCase<"DEWR", 2, "dewr">,
    I32EnumAttrCase<"DEBR", 3, "debr">,
    I32EnumAttrCase<"DEQW", 4, "deqw">,
    I32EnumAttrCase<"CEDW", 5, "cedw">,
    I32EnumAttrCase<"CEDR", 6, "cedr">,
    I32EnumAttrCase<"CEWW", 7, "ceww">,
    I32EnumAttrCase<"CEWR", 8, "cewr">,
    I32EnumAttrCase<"CEPW", 9, "cepw">,
    I32EnumAttrCase<"CEPR", 10, "cepr">,
    I32EnumAttrCase<"ACBW", 11, "acbw">,
    I32EnumAttrCase<"ACBR", 12, "acbr">,
    I32EnumAttrCase<"ACPW", 13, "acpw">,
    I32EnumAttrCase<"ACPR", 14, "acpr">]> {
  let cppNamespace = "::mlir::syna::torq_hw";
  let genSpecializedAttr = 0;
}

def TorqHW_NdlAttr : AttrDef<TorqHW_Dialect, "Ndl"> {
  let mnemonic = "ndl";
  let summary = "one NDL: a type and its dimensions";
  let description = [{
    `#torq_hw<ndl dedr [H D 16, L B 4, S X 2]>`: each dimension is a kind
    (L, H or S), a one-letter tag (B, D, G, X, ...) and a positive count.
  }];
  let parameters = (ins "::mlir::syna::torq_hw::NdlType":$type,
                        StringRefParameter<"dimension kinds, one letter each">:$kinds,
                        StringRefParameter<"dimension tags, one letter each">:$tags,
                        ArrayRefParameter<"int64_t">:$counts);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TorqHW_NdlCyclesAttr : AttrDef<TorqHW_Dialect, "NdlCycles"> {
  let mnemonic = "ndl_cycles";
  let summary = "the twelve per-NDL-type cycle counts of a slice task";
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

class TorqHW_Op<string mnemonic, list<Trait> traits = []> :
    Op<TorqHW_Dialect, mnemonic, traits>;

def TorqHW_SliceTaskOp : TorqHW_Op<"slice_task", [AttrSizedOperandSegments]> {
  let summary = "one task of a slice program";
  let description = [{
    Operand groups: d (data), w (weights), b (bias/scale), q (output, written),
    dx and bx (extra data and bias inputs), then the index symbols.
    `mem_ndls` and `reg_ndls` drive the cost model.
  }];
  let arguments = (ins StrAttr:$op_name,
                       Variadic<AnyMemRef>:$d, Variadic<AnyMemRef>:$w,
                       Variadic<AnyMemRef>:$b, Variadic<AnyMemRef>:$q,
                       Variadic<AnyMemRef>:$dx, Variadic<AnyMemRef>:$bx,
                       Variadic<Index>:$symbols,
                       TypedArrayAttrBase<TorqHW_NdlAttr, "NDL array">:$mem_ndls,
                       TypedArrayAttrBase<TorqHW_NdlAttr, "NDL array">:$reg_ndls,
                       OptionalAttr<DictionaryAttr>:$config);
  let assemblyFormat = [{
    $op_name
    (`d` `(` $d^ `:` type($d) `)`)?
    (`w` `(` $w^ `:` type($w) `)`)?
    (`b` `(` $b^ `:` type($b) `)`)?
    (`q` `(` $q^ `:` type($q) `)`)?
    (`dx` `(` $dx^ `:` type($dx) `)`)?
    (`bx` `(` $bx^ `:` type($bx) `)`)?
    (`symbols` `(` $symbols^ `)`)?
    `mem_ndls` $mem_ndls `reg_ndls` $reg_ndls
    attr-dict
  }];
  let hasVerifier = 1;
}

def TorqHW_SliceProfilingOp : TorqHW_Op<"slice_profiling"> {
  let summary = "the cost of the slice tasks of a program (inserted by the cost model)";
  let arguments = (ins I32Attr:$slice_mem, StrAttr:$slice_meminfo,
                       I32Attr:$max_cycle, TorqHW_NdlCyclesAttr:$slice_ndl_cycles);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TORQ_HW_TD
