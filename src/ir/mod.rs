//! The thin layer between MLIR (through melior) and the plain data of the
//! scheduler: op names, attributes, memref types, diagnostics.
//!
//! **Rust code finds ops by name and attributes, never through this
//! project's C++ op classes**, so the passes work on any torq_hl dialect that
//! prints as upstream does (see `attr_text`).

pub mod allocation;
pub mod attr_text;
#[cfg(feature = "driver")]
pub mod context;
pub mod diagnostic;
pub mod effects;
pub mod facts;
pub mod memo;
pub mod memory_map;
pub mod stream;

use crate::buffer::{BufferType, MemSpace};
use crate::hash::WordMap;
use diagnostic::emit;
use melior::ir::attribute::{
    BoolAttribute, DenseI64ArrayAttribute, IntegerAttribute, StringAttribute,
};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::{Attribute, BlockLike, Location, RegionLike, Type, TypeLike};
use melior::Context;

/// The full name of an op, e.g. `torq_hl.load`.
pub fn op_name(op: &OperationRef) -> String {
    op_str(op).to_string()
}

/// The op's name, borrowed from its context (identifiers are uniqued there
/// and live as long as it): no allocation, for the checks that ask every
/// op and operand.
pub fn op_str<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    // SAFETY: the identifier's string is owned by the context, which
    // outlives 'c; MLIR's operation names are ASCII.
    unsafe {
        let s = mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op.to_raw()));
        if s.data.is_null() {
            return "";
        }
        let bytes = std::slice::from_raw_parts(s.data as *const u8, s.length);
        std::str::from_utf8(bytes).unwrap_or("")
    }
}

pub fn attr_i64(op: &OperationRef, name: &str) -> Option<i64> {
    let a = op.attribute(name).ok()?;
    IntegerAttribute::try_from(a).ok().map(|i| i.value())
}

/// A count read from integer attribute `name` (cycles, bytes): None when
/// absent; an error when it is there but not an integer, or negative. Every
/// count the passes read goes through here, so a wrong number is a located
/// error, never a silent 0.
pub fn attr_count(op: &OperationRef, name: &str) -> Result<Option<u64>, String> {
    let Ok(a) = op.attribute(name) else {
        return Ok(None);
    };
    let v = IntegerAttribute::try_from(a)
        .map_err(|_| format!("`{name}` is not an integer"))?
        .value();
    u64::try_from(v)
        .map(Some)
        .map_err(|_| format!("`{name}` = {v} is negative"))
}

/// The bytes a `torq_hl.load` / `torq_hl.store` moves, with the facts the
/// passes compute with checked here, whatever the host's verifier did: the
/// direction (a load XRAM -> LRAM, a store LRAM -> XRAM), a positive
/// `element_size_bytes` and `shape`, a product that fits in 63 bits, sized
/// memrefs, and the count against them (a safe transfer moves the LRAM
/// side's data exactly; an unsafe one at most either side's encoded size).
/// Operands: (destination, source).
pub fn transfer_bytes(op: &OperationRef) -> Result<u64, String> {
    transfer(op).map(|t| t.bytes)
}

/// What a well-formed transfer does, from [`transfer`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The bytes it moves: `prod(shape) * element_size_bytes`.
    pub bytes: u64,
    /// The hull of the bytes it touches on its XRAM side, from that view's
    /// first byte: `element_size_bytes + sum((shape[i] - 1) * stride[i])`.
    pub xram_extent: u64,
}

/// [`transfer_bytes`], and the XRAM side's strides (`input_strides_bytes`
/// of a load, `output_strides_bytes` of a store) checked against the view
/// they address: one per `shape` entry, none negative (the DMA's strides
/// are unsigned), none zero over more than one chunk on a store's
/// destination (two chunks written to the same bytes; on a load's source a
/// zero stride is a broadcast, which upstream's verifier allows), and the
/// bytes touched within the view's encoded size (a subview's own extent).
pub fn transfer(op: &OperationRef) -> Result<Transfer, String> {
    let bytes = transfer_bytes_unstrided(op)?;
    let is_load = op_str(op) == "torq_hl.load";
    let (strides_name, xram) = if is_load {
        ("input_strides_bytes", op.operand_at(1))
    } else {
        ("output_strides_bytes", op.operand_at(0))
    };
    let xram = xram.ok_or("has no XRAM operand")?;
    let shape = attr_i64_array(op, "shape").unwrap_or_default();
    let chunk = attr_i64(op, "element_size_bytes").unwrap_or(0).max(0) as u64;
    let strides = attr_i64_array(op, strides_name)
        .ok_or_else(|| format!("needs an `{strides_name}` array attribute"))?;
    if strides.len() != shape.len() {
        return Err(format!(
            "{strides_name} has {} entries but shape has {}",
            strides.len(),
            shape.len()
        ));
    }
    let mut extent = chunk;
    for (&d, &s) in shape.iter().zip(&strides) {
        if s < 0 {
            return Err(format!("{strides_name} holds a negative stride ({s})"));
        }
        if s == 0 && d > 1 && !is_load {
            return Err(format!(
                "{strides_name} holds a zero stride over {d} chunks: the store writes them to the same bytes"
            ));
        }
        // d >= 1 (transfer_bytes_unstrided checked it).
        extent = (d.max(1) as u64)
            .saturating_sub(1)
            .checked_mul(s as u64)
            .and_then(|e| extent.checked_add(e))
            .ok_or("its strides reach past 2^64 bytes")?;
    }
    use melior::ir::ValueLike;
    let view = buffer_type(xram.r#type())?
        .checked_encoded_bytes()
        .ok_or("the xram side's size does not fit in 64 bits")?;
    if extent > view {
        return Err(format!(
            "touches bytes [0, {extent}) of its xram side (by its {strides_name}), which holds {view} bytes"
        ));
    }
    Ok(Transfer {
        bytes,
        xram_extent: extent,
    })
}

fn transfer_bytes_unstrided(op: &OperationRef) -> Result<u64, String> {
    let is_load = op_str(op) == "torq_hl.load";
    let (out, inp) = (
        op.operand_at(0).ok_or("has no operand 0")?,
        op.operand_at(1).ok_or("has no operand 1")?,
    );
    let (xram, lram) = if is_load { (inp, out) } else { (out, inp) };
    let (xs, ls) = (memory_space(xram), memory_space(lram));
    if xs != Some(MemSpace::Xram) || ls != Some(MemSpace::Lram) {
        let name = |s: Option<MemSpace>| s.map_or("an unknown space", MemSpace::name);
        let (from, to) = if is_load { (xs, ls) } else { (ls, xs) };
        return Err(format!(
            "{} copies {}, got {} -> {}",
            op_name(op),
            if is_load {
                "xram -> lram"
            } else {
                "lram -> xram"
            },
            name(from),
            name(to)
        ));
    }
    let shape = attr_i64_array(op, "shape").ok_or("needs a `shape` array attribute")?;
    let chunk = attr_i64(op, "element_size_bytes").ok_or("needs `element_size_bytes`")?;
    if chunk <= 0 {
        return Err(format!("element_size_bytes must be positive, got {chunk}"));
    }
    let mut bytes = chunk as u64;
    for d in shape {
        if d <= 0 {
            return Err(format!("shape entries must be positive, got {d}"));
        }
        bytes = bytes
            .checked_mul(d as u64)
            .filter(|&b| b <= i64::MAX as u64)
            .ok_or("transfers more than 2^63 bytes")?;
    }
    use melior::ir::ValueLike;
    let xt = buffer_type(xram.r#type())?;
    let lt = buffer_type(lram.r#type())?;
    let (xenc, lenc) = (
        xt.checked_encoded_bytes()
            .ok_or("the xram side's size does not fit in 64 bits")?,
        lt.checked_encoded_bytes()
            .ok_or("the lram side's size does not fit in 64 bits")?,
    );
    if attr_bool(op, "unsafe").unwrap_or(false) {
        if bytes > xenc || bytes > lenc {
            let (side, size) = if bytes > xenc {
                ("xram", xenc)
            } else {
                ("lram", lenc)
            };
            return Err(format!(
                "unsafe transfer of {bytes} bytes exceeds the encoded size of its {side} side ({size} bytes)"
            ));
        }
    } else {
        let data = lt
            .checked_data_bytes()
            .ok_or("the lram side's size does not fit in 64 bits")?;
        if bytes != data {
            return Err(format!(
                "transfers {bytes} bytes (prod(shape) * element_size_bytes) but the memref holds {data} bytes"
            ));
        }
    }
    Ok(bytes)
}

pub fn attr_bool(op: &OperationRef, name: &str) -> Option<bool> {
    let a = op.attribute(name).ok()?;
    BoolAttribute::try_from(a).ok().map(|b| b.value())
}

pub fn attr_str(op: &OperationRef, name: &str) -> Option<String> {
    let a = op.attribute(name).ok()?;
    StringAttribute::try_from(a)
        .ok()
        .map(|s| s.value().to_string())
}

pub fn attr_i64_array(op: &OperationRef, name: &str) -> Option<Vec<i64>> {
    let a = op.attribute(name).ok()?;
    let arr = DenseI64ArrayAttribute::try_from(a).ok()?;
    (0..arr.len()).map(|i| arr.element(i).ok()).collect()
}

/// Width in bits of an integer, float or index element type.
pub fn element_bits(ty: Type) -> Option<u64> {
    unsafe {
        let raw = ty.to_raw();
        if mlir_sys::mlirTypeIsAIndex(raw) {
            Some(64)
        } else if mlir_sys::mlirTypeIsAInteger(raw) {
            Some(IntegerType::try_from(ty).ok()?.width() as u64)
        } else if mlir_sys::mlirTypeIsAFloat(raw) {
            Some(mlir_sys::mlirFloatTypeGetWidth(raw) as u64)
        } else {
            None
        }
    }
}

/// A statically shaped memref type as plain data (memoised within
/// [`memo::scope`]).
pub fn buffer_type(ty: Type) -> Result<BufferType, String> {
    memo::buffer_type(ty, read_buffer_type)
}

fn read_buffer_type(ty: Type) -> Result<BufferType, String> {
    let memref = MemRefType::try_from(ty).map_err(|_| format!("expected a memref, got {ty}"))?;
    use melior::ir::r#type::ShapedTypeLike;
    if !memref.has_static_shape() {
        return Err(format!("expected a statically shaped memref, got {ty}"));
    }
    let shape: Vec<i64> = (0..memref.rank())
        .map(|i| match memref.dim_size(i) {
            Ok(melior::ir::r#type::DimSize::Static(d)) => d as i64,
            _ => -1,
        })
        .collect();
    let element_bits = element_bits(memref.element())
        .ok_or_else(|| format!("expected integer or float elements, got {ty}"))?;
    let (space, encoding) = space_of(&memref)?;
    let (layout_strides, layout_offset) = memref.strides_and_offset();
    if layout_offset == i64::MIN || layout_strides.contains(&i64::MIN) {
        return Err(format!("expected a static layout, got {ty}"));
    }
    let b = BufferType {
        space,
        shape,
        element_bits,
        encoding,
        layout_strides,
        layout_offset,
    };
    match (b.checked_encoded_bytes(), b.checked_data_bytes()) {
        (Some(e), Some(d)) if e.max(d) > crate::sched::stream::MAX_BYTES => Err(format!(
            "the byte size of {ty} ({} bytes) exceeds 2^40, the most the passes take",
            e.max(d)
        )),
        (Some(_), Some(_)) => Ok(b),
        _ => Err(format!("the byte size of {ty} does not fit in 64 bits")),
    }
}

/// The memory space and encoding of a memref type, read from its memory
/// space attribute's text (memoised by attribute within [`memo::scope`]).
fn space_of(memref: &MemRefType) -> Result<(MemSpace, crate::buffer::Encoding), String> {
    match memref.memory_space() {
        None => attr_text::parse_memory_space(None),
        Some(a) => memo::memory_space(a, |a| attr_text::parse_memory_space(Some(&a.to_string()))),
    }
}

pub fn i64_attr<'c>(ctx: &'c Context, v: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(ctx, 64).into(), v).into()
}

pub fn i32_attr<'c>(ctx: &'c Context, v: i32) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(ctx, 32).into(), v as i64).into()
}

/// Bounds-checked accessors of an op's operands, results and regions.
///
/// melior's own `operand(i)`, `result(i)` and `region(i)` build their
/// out-of-range error by printing the op, and MLIR verifies an op before it
/// prints it. Inside a pass that is wrong twice over: the verifier's
/// `ScopedDiagnosticHandler` swallows every error emitted on the thread
/// while it is installed, and its parallel loop lets this worker thread pick
/// up *another function's* pipeline meanwhile, so that function's failure
/// lost its diagnostics (exit 1, no message). Passes use these instead
/// (clippy.toml forbids melior's).
pub trait OpExt<'c, 'a> {
    fn operand_at(&self, index: usize) -> Option<melior::ir::Value<'c, 'a>>;
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>>;
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>>;
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a>> OpExt<'c, 'a> for T {
    #[allow(clippy::disallowed_methods)]
    fn operand_at(&self, index: usize) -> Option<melior::ir::Value<'c, 'a>> {
        (index < self.operand_count()).then(|| OperationLike::operand(self, index).ok())?
    }

    #[allow(clippy::disallowed_methods)]
    fn result_at(&self, index: usize) -> Option<melior::ir::operation::OperationResult<'c, 'a>> {
        (index < self.result_count()).then(|| OperationLike::result(self, index).ok())?
    }

    #[allow(clippy::disallowed_methods)]
    fn region_at(&self, index: usize) -> Option<melior::ir::RegionRef<'c, 'a>> {
        (index < self.region_count()).then(|| OperationLike::region(self, index).ok())?
    }
}

/// Emits an error diagnostic at `loc` (it reaches MLIR's diagnostic handler:
/// printed with the source line, or matched by `-verify-diagnostics`).
pub fn emit_error(loc: Location, message: &str) {
    emit(loc, 2, message, &[])
}

/// Start/wait pairing, the one place: per invocation (by its value's
/// key), the index in `ops` of its first `torq_hl.wait_program`.
pub fn first_waits(ops: &[OperationRef]) -> WordMap<usize, usize> {
    let mut first = WordMap::default();
    for (i, op) in ops.iter().enumerate() {
        if op_str(op) == "torq_hl.wait_program" {
            if let Some(inv) = op.operand_at(0) {
                first.entry(value_key(inv)).or_insert(i);
            }
        }
    }
    first
}

/// The `torq_hl.wait_program` ops of the invocation that `start` starts, in
/// use-list order.
pub fn waits_of<'c, 'a>(start: OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let Some(inv) = start.operand_at(0) else {
        return Vec::new();
    };
    users(inv)
        .into_iter()
        .filter(|w| op_str(w) == "torq_hl.wait_program")
        .collect()
}

/// A remark at `loc` (MLIR's C API can emit only errors).
pub fn emit_remark(loc: Location, message: &str) {
    emit(loc, 0, message, &[])
}

/// A warning at `loc`.
pub fn emit_warning(loc: Location, message: &str) {
    emit(loc, 1, message, &[])
}

/// The ops of every block of every region of `op`, recursively, in pre-order.
pub fn walk_nested<'c, 'a>(op: OperationRef<'c, 'a>, f: &mut dyn FnMut(OperationRef<'c, 'a>)) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut cur = b.first_operation();
            while let Some(o) = cur {
                f(o);
                walk_nested(o, f);
                cur = o.next_in_block();
            }
            block = b.next_in_region();
        }
    }
}

/// `op` and the ops nested in it, in pre-order, outside `torq_hl.program`
/// bodies (a program's body runs on its executor, not in the stream): what
/// the stream does at `op`'s place in its block. A dealloc, load or store
/// inside `scf.if` or `scf.for` counts where its ancestor stands.
/// (Inline for one op: the checks ask it of every op of a block, most of
/// which have no regions.)
pub fn stream_ops<'c, 'a>(op: OperationRef<'c, 'a>) -> StreamOps<'c, 'a> {
    fn go<'c, 'a>(op: OperationRef<'c, 'a>, out: &mut StreamOps<'c, 'a>) {
        out.push(op);
        if op_str(&op) == "torq_hl.program" {
            return;
        }
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(b) = block {
                let mut cur = b.first_operation();
                while let Some(o) = cur {
                    go(o, out);
                    cur = o.next_in_block();
                }
                block = b.next_in_region();
            }
        }
    }
    let mut out = StreamOps::new();
    go(op, &mut out);
    out
}

/// What [`stream_ops`] returns.
pub type StreamOps<'c, 'a> = smallvec::SmallVec<[OperationRef<'c, 'a>; 1]>;

/// The closest ancestor of `op` named `name`.
pub fn ancestor_named<'c, 'a>(
    op: OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if op_name(&p) == name {
            return Some(p);
        }
        cur = p.parent_operation();
    }
    None
}

/// The ops that use `v` directly (one entry per use).
pub fn users<'c, 'a>(v: melior::ir::Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    use melior::ir::ValueLike;
    let mut out = Vec::new();
    unsafe {
        let mut u = mlir_sys::mlirValueGetFirstUse(v.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(u) {
            if let Some(op) = OperationRef::from_option_raw(mlir_sys::mlirOpOperandGetOwner(u)) {
                out.push(op);
            }
            u = mlir_sys::mlirOpOperandGetNextUse(u);
        }
    }
    out
}

/// The ancestor of `op` (or `op` itself) whose parent block is `block`.
pub fn ancestor_in_block<'c, 'a>(
    op: OperationRef<'c, 'a>,
    block: mlir_sys::MlirBlock,
) -> Option<OperationRef<'c, 'a>> {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if o.block().is_some_and(|b| b.to_raw().ptr == block.ptr) {
            return Some(o);
        }
        cur = o.parent_operation();
    }
    None
}

/// Ops that only reinterpret a memref: their result aliases operand 0.
pub const VIEW_OPS: &[&str] = &[
    "memref.subview",
    "memref.expand_shape",
    "memref.collapse_shape",
    "memref.reinterpret_cast",
    "memref.reshape",
    "memref.memory_space_cast",
    "memref.cast",
    "memref.view",
];

/// Every op that uses `v` or a view derived from it (views themselves are
/// not listed, only their non-view users).
pub fn users_through_views<'c, 'a>(v: melior::ir::Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out = Vec::new();
    let mut work = vec![v];
    while let Some(x) = work.pop() {
        for u in users(x) {
            if VIEW_OPS.contains(&op_str(&u)) {
                work.extend(u.results().map(melior::ir::Value::from));
            } else {
                out.push(u);
            }
        }
    }
    out
}

/// The op that defines `v`, None for a block argument.
pub fn defining_op<'c, 'a>(v: melior::ir::Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    use melior::ir::ValueLike;
    unsafe {
        let raw = v.to_raw();
        if mlir_sys::mlirValueIsAOpResult(raw) {
            OperationRef::from_option_raw(mlir_sys::mlirOpResultGetOwner(raw))
        } else {
            None
        }
    }
}

/// The buffer a memref value is a view of: follows view ops to their source.
pub fn root_of<'c: 'a, 'a>(mut v: melior::ir::Value<'c, 'a>) -> melior::ir::Value<'c, 'a> {
    while let Some(op) = defining_op(v) {
        if !VIEW_OPS.contains(&op_str(&op)) {
            break;
        }
        match op.operand_at(0) {
            Some(src) => v = src,
            None => break,
        }
    }
    v
}

/// A key that identifies a value while the IR lives.
pub fn value_key(v: melior::ir::Value) -> usize {
    use melior::ir::ValueLike;
    v.to_raw().ptr as usize
}

/// The memory space of a memref-typed value (XRAM without an encoding);
/// None for a non-memref or a memory space that is not torq_hl's.
pub fn memory_space(v: melior::ir::Value) -> Option<crate::buffer::MemSpace> {
    use melior::ir::ValueLike;
    let memref = as_memref(v.r#type())?;
    space_of(&memref).ok().map(|(s, _)| s)
}

/// `ty` as a memref type, if it is one. (melior's `MemRefType::try_from`
/// prints a type that is not one into its error: on the operands of a
/// long block, the index and program values, that printing was most of a
/// walk's time.)
pub fn as_memref(ty: Type) -> Option<MemRefType> {
    use melior::ir::r#type::TypeLike;
    if ty.is_mem_ref() {
        MemRefType::try_from(ty).ok()
    } else {
        None
    }
}

/// The first block of `op`'s first region (a function's or program's body).
pub fn body<'c, 'a>(op: OperationRef<'c, 'a>) -> Option<melior::ir::BlockRef<'c, 'a>> {
    op.region_at(0)?.first_block()
}

/// The ops of `block`, in order.
pub fn block_ops<'c, 'a>(block: melior::ir::BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut ops = Vec::new();
    let mut cur = block.first_operation();
    while let Some(o) = cur {
        ops.push(o);
        cur = o.next_in_block();
    }
    ops
}

/// True for a memref value in LRAM.
pub fn is_lram(v: melior::ir::Value) -> bool {
    memory_space(v) == Some(crate::buffer::MemSpace::Lram)
}

/// The memory and register NDLs of a `torq_hw.slice_task`, read from the
/// printed `mem_ndls` / `reg_ndls` attributes.
pub fn task_ndls(
    task: &OperationRef,
) -> Result<(Vec<crate::cost::Ndl>, Vec<crate::cost::Ndl>), String> {
    use attr_text::{parse_ndl_array, NdlKind};
    let read = |name: &str, kind| -> Result<Vec<crate::cost::Ndl>, String> {
        let a = task
            .attribute(name)
            .map_err(|_| format!("needs the `{name}` attribute"))?;
        memo::ndls(a, kind == NdlKind::Mem, |a| {
            parse_ndl_array(&a.to_string(), kind)
        })
    };
    Ok((
        read("mem_ndls", NdlKind::Mem)?,
        read("reg_ndls", NdlKind::Reg)?,
    ))
}

/// A located diagnostic, the only way a pass reports failure; `notes` point
/// at the related ops (the start of the program in flight, ...).
#[derive(Debug)]
pub struct Diag<'c> {
    pub loc: Location<'c>,
    pub message: String,
    pub notes: Vec<(Location<'c>, String)>,
}

impl<'c> Diag<'c> {
    pub fn new(loc: Location<'c>, message: impl Into<String>) -> Self {
        Diag {
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn at(op: &OperationRef<'c, '_>, message: impl Into<String>) -> Self {
        Self::new(op.location(), message)
    }

    /// With a note at `loc`.
    pub fn note(mut self, loc: Location<'c>, message: impl Into<String>) -> Self {
        self.notes.push((loc, message.into()));
        self
    }

    /// A translation error as a diagnostic of pass `pass`, its notes kept.
    pub fn of(pass: &str, e: TranslateError<'c>) -> Self {
        Diag {
            loc: e.loc,
            message: format!("{pass}: {}", e.message),
            notes: e.notes,
        }
    }

    pub fn emit(&self) {
        emit(self.loc, 2, &self.message, &self.notes);
    }
}

/// A translation error, located at an op; `notes` as a [`Diag`]'s.
#[derive(Debug)]
pub struct TranslateError<'c> {
    pub loc: Location<'c>,
    pub message: String,
    pub notes: Vec<(Location<'c>, String)>,
}

/// The executor kind of an invocation value (`slice`, `css`, `nss`, `host`),
/// from its printed type.
pub fn executor_of(v: melior::ir::Value) -> Option<String> {
    // !torq_hl.invocation<slice>: the parameter is the executor.
    use melior::ir::ValueLike;
    memo::executor(v.r#type(), |ty| {
        let text = ty.to_string();
        let inner = text
            .strip_prefix("!torq_hl.invocation<")?
            .strip_suffix('>')?;
        Some(inner.to_string())
    })
}

/// The create_invocation or descriptor of this function that made `inv`.
pub fn invocation_maker<'c, 'a>(inv: melior::ir::Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defining_op(inv).filter(|c| {
        let n = op_str(c);
        n == "torq_hl.create_invocation" || n == "torq_hl.descriptor"
    })
}

/// The slice a `torq_hl.start_program` runs on: the `executor_id` of the
/// slice invocation it starts, when a create_invocation or descriptor of
/// this function made it; None for other executors and unknown invocations.
pub fn start_slice<'c>(
    op: &OperationRef<'c, '_>,
    slices: u32,
) -> Result<Option<usize>, TranslateError<'c>> {
    let Some(inv) = op.operand_at(0) else {
        return Ok(None);
    };
    if executor_of(inv).as_deref() != Some("slice") {
        return Ok(None);
    }
    let Some(create) = invocation_maker(inv) else {
        return Ok(None);
    };
    let slice = attr_i64(&create, "executor_id").unwrap_or(0);
    if slice < 0 || slice >= slices as i64 {
        return Err(TranslateError {
            notes: Vec::new(),
            loc: create.location(),
            message: format!("executor_id {slice} is not a slice of the target ({slices} slices)"),
        });
    }
    Ok(Some(slice as usize))
}
