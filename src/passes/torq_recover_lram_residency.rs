//! `torq-recover-lram-residency`: when a function does not allocate, give
//! the allocator shorter LRAM lifetimes to work with (upstream-ir.md §4).
//!
//! Runs between AddDeallocation and AssignLramAddresses. Phases:
//! 1. plan the allocation (swaps allowed) on the function as it is (read
//!    and planned as AssignLramAddresses would, nothing written); if it
//!    places, stop: the function is not touched, and the plan is handed on
//!    (`passes::Analyses`; an MLIR analysis the pass manager keeps while
//!    the function is unchanged), so AssignLramAddresses writes it instead
//!    of reading and planning the function again;
//! 2. undo shared read-only reuses: an LRAM alloc marked `torq.lram_reuse`
//!    whose data comes from exactly one load is split per consumer: before
//!    each consumer a fresh alloc and a clone of the load, the consumer (and
//!    views it uses) moved to it, a dealloc after the consumer (after its
//!    wait_program for a start_program); the shared load and alloc go;
//! 3. if the clone still fails, narrow read-only weight loads: an LRAM
//!    buffer loaded whole once (safe load, same shape) and otherwise only
//!    read through static, unit-stride, row-major contiguous subviews gets,
//!    before the first user of each subview, an unsafe sub-load from the
//!    same subview of the XRAM source; the whole load goes.
//!
//! Phases 2 and 3 rewrite a clone of the function; its body replaces the
//! function's only when both succeeded (a failure leaves the function as it
//! was). Option `torq-failure-driven-recovery` turns it all off.
//! Cost: one allocator plan (no IR written; AssignLramAddresses then does
//! not plan); when it fails, a clone and one more plan, then linear in the
//! uses of the buffers concerned.

use super::Diag;
use crate::cost::Hw;
use crate::ir::allocation::redirect;
use crate::ir::OpExt;
use crate::ir::{self, op_str, value_key};
use crate::options::PassOptions;
use melior::ir::attribute::{BoolAttribute, DenseI64ArrayAttribute};
use melior::ir::operation::{
    Operation, OperationBuilder, OperationLike, OperationMutLike, OperationRef, OperationRefMut,
};
use melior::ir::r#type::MemRefType;
use melior::ir::{BlockLike, BlockRef, Identifier, Value, ValueLike};

pub const NAME: &str = "torq-recover-lram-residency";
pub const REUSE_ATTR: &str = "torq.lram_reuse";

/// Whether AssignLramAddresses (swaps allowed) would succeed on the
/// rewritten clone: the plan alone (nothing written).
fn allocates(func: OperationRef, hw: &Hw) -> bool {
    crate::ir::allocation::plans(func, hw, true)
}

/// The top-level users of `v` through views (views excluded), in block order, deduplicated.
fn top_users<'c, 'a>(block: BlockRef<'c, 'a>, v: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut out: Vec<OperationRef> = Vec::new();
    for u in ir::users_through_views(v) {
        if let Some(t) = ir::ancestor_in_block(u, block.to_raw()) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out.sort_by(|a, b| {
        if a == b {
            std::cmp::Ordering::Equal
        } else if a.is_before_in_block(*b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    out
}

/// Phase 2. Returns how many shared buffers were split.
fn undo_reuses(block: BlockRef) -> Result<usize, String> {
    let mut split = 0usize;
    for alloc in ir::block_ops(block) {
        if op_str(&alloc) != "memref.alloc" || !alloc.has_attribute(REUSE_ATTR) {
            continue;
        }
        let a: Value = alloc.result_at(0).ok_or("has no result 0")?.into();
        let users = top_users(block, a);
        let loads: Vec<_> = users
            .iter()
            .filter(|u| {
                op_str(u) == "torq_hl.load" && u.operand_at(0).map(value_key) == Some(value_key(a))
            })
            .copied()
            .collect();
        let [load] = loads.as_slice() else { continue };
        let consumers: Vec<_> = users
            .iter()
            .filter(|u| *u != load && op_str(u) != "memref.dealloc")
            .copied()
            .collect();
        if consumers.is_empty() || consumers.iter().any(|c| c.is_before_in_block(*load)) {
            continue;
        }
        for (k, &c) in consumers.iter().enumerate().rev() {
            let fresh =
                unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(alloc.to_raw())) };
            let fresh = block.insert_operation_before(c, fresh);
            let mut fm = unsafe { OperationRefMut::from_raw(fresh.to_raw()) };
            let _ = fm.remove_attribute(REUSE_ATTR);
            let fv: Value = fresh.result_at(0).ok_or("has no result 0")?.into();
            let ld = unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(load.to_raw())) };
            let ld = block.insert_operation_before(c, ld);
            unsafe { mlir_sys::mlirOperationSetOperand(ld.to_raw(), 0, fv.to_raw()) };
            redirect(block, a, fv, c);
            if k < consumers.len().saturating_sub(1) {
                // Earlier consumers get their own dealloc; the last one kept A's.
                let after = if op_str(&c) == "torq_hl.start_program" {
                    ir::waits_of(c).first().copied().unwrap_or(c)
                } else {
                    c
                };
                let d = OperationBuilder::new("memref.dealloc", alloc.location())
                    .add_operands(&[fv])
                    .build()
                    .map_err(|e| e.to_string())?;
                block.insert_operation_after(after, d);
            }
        }
        unsafe {
            mlir_sys::mlirOperationDestroy(load.to_raw());
        }
        if ir::users(a).is_empty() {
            unsafe { mlir_sys::mlirOperationDestroy(alloc.to_raw()) };
        }
        split = split.saturating_add(1);
    }
    Ok(split)
}

/// Static offsets, unit strides, row-major contiguous: a subview whose data
/// is one block of the base buffer.
fn contiguous_subview(view: &OperationRef, base_shape: &[i64]) -> bool {
    if op_str(view) != "memref.subview" || view.operand_count() != 1 {
        return false;
    }
    let (Some(sizes), Some(strides)) = (
        ir::attr_i64_array(view, "static_sizes"),
        ir::attr_i64_array(view, "static_strides"),
    ) else {
        return false;
    };
    if strides.iter().any(|&s| s != 1) || sizes.len() != base_shape.len() {
        return false;
    }
    // After the first dimension that is not 1, every dimension is full.
    let first = sizes.iter().position(|&s| s != 1).unwrap_or(sizes.len());
    sizes
        .iter()
        .zip(base_shape)
        .skip(first.saturating_add(1))
        .all(|(s, b)| s == b)
}

/// Phase 3. Returns how many whole loads were narrowed.
fn narrow_loads(block: BlockRef) -> Result<usize, String> {
    let mut narrowed = 0usize;
    for alloc in ir::block_ops(block) {
        if op_str(&alloc) != "memref.alloc" {
            continue;
        }
        let b: Value = alloc.result_at(0).ok_or("has no result 0")?.into();
        if !ir::is_lram(b) {
            continue;
        }
        let Ok(bt) = ir::buffer_type(b.r#type()) else {
            continue;
        };
        let mut load = None;
        let mut views = Vec::new();
        let mut ok = true;
        for u in ir::users(b) {
            match op_str(&u) {
                "torq_hl.load"
                    if u.operand_at(0).map(value_key) == Some(value_key(b)) && load.is_none() =>
                {
                    load = Some(u)
                }
                "memref.dealloc" => {}
                "memref.subview" if contiguous_subview(&u, &bt.shape) => views.push(u),
                _ => ok = false,
            }
        }
        let Some(load) = load else { continue };
        if !ok || views.is_empty() || ir::attr_bool(&load, "unsafe").unwrap_or(false) {
            continue;
        }
        let Some(x) = load.operand_at(1) else {
            continue;
        };
        let Ok(xt) = ir::buffer_type(x.r#type()) else {
            continue;
        };
        if xt.shape != bt.shape
            || xt.layout_strides != crate::buffer::row_major_strides(&xt.shape)
            || xt.layout_offset != 0
        {
            continue;
        }
        // Every subview only read, by ops after the load.
        let readonly = views.iter().all(|v| {
            let Some(r) = v.result_at(0) else {
                return false;
            };
            let r: Value = r.into();
            ir::users_through_views(r).iter().all(|u| {
                let Some(t) = ir::ancestor_in_block(*u, block.to_raw()) else {
                    return false;
                };
                load.is_before_in_block(t) && reads_only(u, r)
            })
        });
        if !readonly {
            continue;
        }
        let cref = alloc.context();
        // SAFETY: `cref` outlives every use of `ctx` in this iteration.
        let ctx = unsafe { cref.to_ref() };
        for v in &views {
            let vr: Value = v.result_at(0).ok_or("has no result 0")?.into();
            let users = top_users(block, vr);
            let Some(&first) = users.first() else {
                continue;
            };
            let vt = MemRefType::try_from(vr.r#type()).map_err(|e| e.to_string())?;
            let bytes = ir::buffer_type(vr.r#type())?.data_bytes();
            // The same subview of the XRAM source.
            let xv = unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(v.to_raw())) };
            let xv = block.insert_operation_before(first, xv);
            unsafe { mlir_sys::mlirOperationSetOperand(xv.to_raw(), 0, x.to_raw()) };
            use melior::ir::r#type::ShapedTypeLike as _;
            let shape: Vec<i64> = (0..vt.rank())
                .map(|i| match vt.dim_size(i) {
                    Ok(melior::ir::r#type::DimSize::Static(d)) => d as i64,
                    _ => 1,
                })
                .collect();
            let xty = MemRefType::new(vt.element(), &shape, Some(vt.layout()), None);
            let xvv: Value = xv.result_at(0).ok_or("has no result 0")?.into();
            xvv.set_type(xty.into());
            let attrs = [
                (
                    Identifier::new(ctx, "input_strides_bytes"),
                    DenseI64ArrayAttribute::new(ctx, &[]).into(),
                ),
                (
                    Identifier::new(ctx, "shape"),
                    DenseI64ArrayAttribute::new(ctx, &[]).into(),
                ),
                (
                    Identifier::new(ctx, "element_size_bytes"),
                    ir::i64_attr(ctx, bytes as i64),
                ),
                (
                    Identifier::new(ctx, "unsafe"),
                    BoolAttribute::new(ctx, true).into(),
                ),
            ];
            let ld = OperationBuilder::new("torq_hl.load", load.location())
                .add_operands(&[vr, xvv])
                .add_attributes(&attrs)
                .build()
                .map_err(|e| e.to_string())?;
            block.insert_operation_before(first, ld);
        }
        unsafe { mlir_sys::mlirOperationDestroy(load.to_raw()) };
        narrowed = narrowed.saturating_add(1);
    }
    Ok(narrowed)
}

/// True when `user` only reads `v` (a program argument it does not write, a
/// store's or copy's source).
fn reads_only(user: &OperationRef, v: Value) -> bool {
    let is = |i: usize| user.operand_at(i).map(value_key) == Some(value_key(v));
    match op_str(user) {
        "torq_hl.store" => is(1) && !is(0),
        "memref.copy" => is(0) && !is(1),
        "torq_hl.start_program" => {
            let Some(program) = user
                .operand_at(0)
                .and_then(ir::defining_op)
                .and_then(|c| c.operand_at(0))
                .and_then(ir::defining_op)
            else {
                return false;
            };
            ir::effects::start_arg_effects(user, Some(&program))
                .into_iter()
                .all(|(i, (_, written))| !is(i) || !written)
        }
        _ => false,
    }
}

pub fn run<'c>(
    func: OperationRef<'c, '_>,
    opts: &PassOptions,
    analyses: &mut super::Analyses,
) -> Result<(), Vec<Diag<'c>>> {
    let err = |m: String| vec![Diag::at(&func, m)];
    let v = opts.typed().map_err(|e| err(e.to_string()))?;
    if !v.torq_failure_driven_recovery {
        analyses.unchanged = true;
        return Ok(());
    }
    let hw = v.hw().map_err(err)?;
    if ir::body(func).is_none() {
        analyses.unchanged = true;
        return Ok(());
    }
    // Phase 1: the plan AssignLramAddresses would make (swaps allowed). It
    // places: the function stays as it is, and the plan is handed on.
    let known = analyses.checked.knows_within(hw.slices);
    if let Some(planned) = crate::ir::allocation::plan(func, &hw, true, known) {
        analyses.made = Some(Box::new(planned));
        analyses.unchanged = true;
        return Ok(());
    }
    // The rewrite below moves and clones loads: nothing is handed on.
    analyses.checked = crate::ir::facts::Checked::NOTHING;
    // The rewrite runs on a clone; its body replaces the function's only
    // when every step succeeded, so a failure leaves the function as it was.
    // SAFETY: the clone is detached, owned here and destroyed below.
    let clone = unsafe { OperationRef::from_raw(mlir_sys::mlirOperationClone(func.to_raw())) };
    let rewritten = (|| -> Result<(), String> {
        let block = ir::body(clone).ok_or("the clone has no body")?;
        let split = undo_reuses(block)?;
        tracing::debug!(target: NAME, split, "undid shared reuses");
        if allocates(clone, &hw) {
            return Ok(());
        }
        let narrowed = narrow_loads(block)?;
        tracing::debug!(target: NAME, narrowed, "narrowed whole loads");
        Ok(())
    })();
    let regions = (func.region_at(0), clone.region_at(0));
    if let (Ok(()), (Some(target), Some(source))) = (&rewritten, regions) {
        // SAFETY: two live regions of the same kind; the function's old body goes.
        unsafe {
            use melior::ir::RegionLike;
            mlir_sys::mlirRegionTakeBody(target.to_raw(), source.to_raw())
        };
    }
    // SAFETY: the clone is detached and not used after this.
    unsafe { mlir_sys::mlirOperationDestroy(clone.to_raw()) };
    rewritten.map_err(|m| err(format!("{NAME}: {m}")))
}
