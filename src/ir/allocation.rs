//! The allocator on IR: what AssignLramAddresses does to a function, and
//! what RecoverLramResidency tries on clones (so it lives below both passes).
//!
//! (1) [`read_problem`] reads the function body's top-level ops into
//! `alloc::OpEvent`s (LRAM allocs, deallocs, uses through views, a
//! start_program's operands pinned until its wait_program), after checking
//! the facts the plan relies on (one program in flight per executor, each
//! buffer freed once, no read of an XRAM buffer nothing wrote); (2)
//! `alloc::plan_with` decides swaps and offsets (first-fit or offline, `hw.placer`); (3) [`assign`] builds every new
//! op detached and lists its edits, then writes them: before each op its
//! swaps (swap out = XRAM alloc + unsafe torq_hl.store of the whole encoded
//! buffer + LRAM dealloc; swap in = LRAM alloc + unsafe torq_hl.load + XRAM
//! dealloc; later uses move to the new alloc, views re-derived from it), then
//! `lram_address` = reserved bytes + offset on every LRAM alloc. Any failure
//! comes before the first write. Cost: linear in ops and uses, plus the
//! plan's.

use crate::alloc::{self, OpEvent, Swap};
use crate::cost::{Direction, Hw, LRAM_RESERVED_BYTES};
use crate::hash::WordMap;
use crate::ir::Diag;
use crate::ir::OpExt;
use crate::ir::{self, op_str, VIEW_OPS};
use melior::ir::attribute::{BoolAttribute, DenseI64ArrayAttribute};
use melior::ir::operation::{
    Operation, OperationBuilder, OperationLike, OperationMutLike, OperationRef, OperationRefMut,
};
use melior::ir::r#type::{IntegerType, MemRefType};
use melior::ir::{BlockLike, BlockRef, Identifier, Value, ValueLike};

/// The pass whose work this is (the prefix of its messages).
pub const NAME: &str = "torq-assign-lram-addresses";
pub const ADDRESS_ATTR: &str = "lram_address";

use crate::ir::{is_lram, root_of, value_key as vkey};

/// The function's allocation problem.
pub struct Problem<'c, 'a> {
    pub block: BlockRef<'c, 'a>,
    pub ops: Vec<OperationRef<'c, 'a>>,
    pub allocs: Vec<OperationRef<'c, 'a>>,
    pub sizes: Vec<u64>,
    pub events: Vec<OpEvent>,
}

pub fn read_problem<'c, 'a>(
    func: OperationRef<'c, 'a>,
    slices: u32,
    known: bool,
) -> Result<Problem<'c, 'a>, Diag<'c>> {
    let block = ir::body(func)
        .ok_or_else(|| Diag::at(&func, format!("{NAME}: function without a body")))?;
    let ops = ir::block_ops(block);
    let mut buf_of: WordMap<usize, usize> = WordMap::default();
    let mut allocs = Vec::new();
    let mut sizes = Vec::new();
    let mut events = vec![OpEvent::default(); ops.len()];
    let wait_of = ir::first_waits(&ops);
    // The input must keep one program in flight per executor, free each
    // buffer once, use none after its dealloc and read none nothing wrote
    // (`ir::facts`): the plan would otherwise be built on a false premise.
    // `known`: a pass before checked them at `slices` and every pass since
    // kept them (`ir::facts::Checked`).
    if !known {
        ir::facts::check_block(&ops, slices).map_err(|e| Diag::of(NAME, e))?;
    }
    for (i, op) in ops.iter().enumerate() {
        let name = op_str(op);
        match name {
            "memref.alloc" => {
                let v: Value = op
                    .result_at(0)
                    .ok_or_else(|| Diag::at(op, "has no result 0"))?
                    .into();
                if is_lram(v) {
                    let ty = ir::buffer_type(v.r#type())
                        .map_err(|m| Diag::at(op, format!("{NAME}: {m}")))?;
                    buf_of.insert(vkey(v), allocs.len());
                    events[i].allocs.push(allocs.len());
                    allocs.push(*op);
                    sizes.push(ty.encoded_bytes());
                }
                continue;
            }
            "torq_hl.program" => continue,
            n if VIEW_OPS.contains(&n) => continue,
            _ => {}
        }
        let mut uses = Vec::new();
        let mut err = None;
        let mut visit = |o: OperationRef<'c, 'a>| {
            if op_str(&o) == "memref.alloc"
                && is_lram(
                    o.result_at(0)
                        .map(Into::into)
                        .expect("an alloc has a result"),
                )
            {
                err.get_or_insert_with(|| {
                    Diag::at(
                        &o,
                        format!("{NAME}: an LRAM alloc nested in another op is not supported"),
                    )
                });
            }
            for v in o.operands() {
                if !is_lram(v) {
                    continue;
                }
                let r = root_of(v);
                match buf_of.get(&vkey(r)) {
                    Some(&b) => uses.push(b),
                    None => {
                        err.get_or_insert_with(|| {
                            Diag::at(&o, format!("{NAME}: an LRAM operand that no memref.alloc of this function defines"))
                        });
                    }
                }
            }
        };
        visit(*op);
        if name != "torq_hl.program" {
            ir::walk_nested(*op, &mut visit);
        }
        if let Some(e) = err {
            return Err(e);
        }
        uses.sort_unstable();
        uses.dedup();
        if name == "memref.dealloc" {
            events[i].deallocs = uses;
        } else {
            if name == "torq_hl.start_program" {
                // Pinned until the wait; a program never waited for holds
                // its buffers to the block's end (past its last op).
                events[i].pin_until = Some(
                    op.operand_at(0)
                        .and_then(|inv| wait_of.get(&vkey(inv)).copied())
                        .filter(|&w| w > i)
                        .unwrap_or(ops.len()),
                );
            }
            events[i].uses = uses;
        }
    }
    Ok(Problem {
        block,
        ops,
        allocs,
        sizes,
        events,
    })
}

fn dense<'c>(ctx: &'c melior::Context, v: &[i64]) -> melior::ir::Attribute<'c> {
    DenseI64ArrayAttribute::new(ctx, v).into()
}

/// Moves the uses of `old` at or after `anchor` to `new`; views defined
/// before `anchor` with uses after it are re-derived from `new`.
pub(crate) fn redirect<'c, 'a>(
    block: BlockRef<'c, 'a>,
    old: Value<'c, 'a>,
    new: Value<'c, 'a>,
    anchor: OperationRef<'c, 'a>,
) {
    let mut uses = Vec::new();
    unsafe {
        let mut u = mlir_sys::mlirValueGetFirstUse(old.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(u) {
            uses.push((
                OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(u)),
                mlir_sys::mlirOpOperandGetOperandNumber(u) as usize,
            ));
            u = mlir_sys::mlirOpOperandGetNextUse(u);
        }
    }
    for (owner, idx) in uses {
        let Some(top) = ir::ancestor_in_block(owner, block.to_raw()) else {
            continue;
        };
        let before = top != anchor && top.is_before_in_block(anchor);
        if !before {
            unsafe {
                mlir_sys::mlirOperationSetOperand(owner.to_raw(), idx as isize, new.to_raw())
            };
        } else if top == owner && VIEW_OPS.contains(&op_str(&owner)) {
            let Some(res) = owner.result_at(0) else {
                continue;
            };
            let res: Value = res.into();
            let used_after = ir::users(res).into_iter().any(|u| {
                ir::ancestor_in_block(u, block.to_raw())
                    .is_some_and(|t| t == anchor || anchor.is_before_in_block(t))
            });
            if used_after {
                let clone =
                    unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(owner.to_raw())) };
                let clone = block.insert_operation_before(anchor, clone);
                unsafe { mlir_sys::mlirOperationSetOperand(clone.to_raw(), 0, new.to_raw()) };
                let cres: Value = clone.result_at(0).expect("a view has a result").into();
                redirect(block, res, cres, anchor);
                if ir::users(res).is_empty() {
                    // Every use moved to the clone: the old view is dead.
                    unsafe { mlir_sys::mlirOperationDestroy(owner.to_raw()) };
                }
            }
        }
    }
}

/// One change of the write phase, in order.
enum Edit<'c, 'a> {
    /// Insert built op number `op` before `anchor`.
    Insert {
        anchor: OperationRef<'c, 'a>,
        op: usize,
    },
    /// Uses of `old` at or after `anchor` become `new` (a swap-in).
    Redirect {
        old: mlir_sys::MlirValue,
        new: mlir_sys::MlirValue,
        anchor: OperationRef<'c, 'a>,
    },
    /// The dealloc `anchor` frees the XRAM copy of a buffer that is out.
    FreeXram {
        anchor: OperationRef<'c, 'a>,
        xram: mlir_sys::MlirValue,
    },
}

/// The plan of `problem` with `hw`'s placer, offline placement timing its
/// candidate plans as the pricer does (`decide::price::play` on the
/// block's stream, built on first use, in the order and on the slices the
/// IR has), so that the IR gets the plan the decision priced.
fn plan_problem(
    problem: &Problem,
    hw: &Hw,
    allow_swaps: bool,
) -> Result<alloc::AllocPlan, alloc::AllocError> {
    let mut stream: Option<Option<(crate::sched::stream::Stream, Vec<Option<usize>>)>> = None;
    let mut timing = |plan: &alloc::AllocPlan| -> u64 {
        let built = stream.get_or_insert_with(|| {
            let bs = ir::stream::block_to_stream(problem.block, hw).ok()?;
            let node_at = bs.node_by_op();
            let nodes = problem
                .ops
                .iter()
                .map(|op| node_at.get(&(op.to_raw().ptr as usize)).copied())
                .collect();
            Some((bs.stream, nodes))
        });
        match built {
            Some((s, nodes)) => {
                crate::decide::price::play(s, nodes, plan, &problem.sizes, &s.input_slices(), hw)
            }
            // A block the stream translation refuses was priced by no one:
            // the plans are compared by their swaps alone.
            None => 0,
        }
    };
    alloc::plan_timed(
        &problem.sizes,
        &problem.events,
        hw.usable_lram_bytes(),
        allow_swaps,
        hw.placer,
        Some(&mut timing),
    )
}

/// Whether [`assign`] would succeed on `func`: the problem read and
/// planned, the IR not touched (no clone, no write: RecoverLramResidency's
/// question on its rewritten clone). A declaration allocates.
pub fn plans(func: OperationRef, hw: &Hw, allow_swaps: bool) -> bool {
    if ir::body(func).is_none() {
        return true;
    }
    let Ok(problem) = read_problem(func, hw.slices, false) else {
        return false;
    };
    // Whether it places does not depend on which of two plans is faster.
    alloc::plan_with(
        &problem.sizes,
        &problem.events,
        hw.usable_lram_bytes(),
        allow_swaps,
        hw.placer,
    )
    .is_ok()
}

/// A plan of a function made on the IR as it stood, held between passes
/// (the C++ shells keep it as an MLIR analysis of the function, dropped by
/// the analysis manager as soon as a pass does not preserve it): what
/// RecoverLramResidency learns when the function allocates, so that
/// AssignLramAddresses writes that plan instead of reading and planning the
/// function a second time. It names ops by pointer: it is valid only while
/// the function is unchanged, which is the analysis manager's contract.
pub struct Planned {
    hw: Hw,
    allow_swaps: bool,
    func: mlir_sys::MlirOperation,
    block: mlir_sys::MlirBlock,
    ops: Vec<mlir_sys::MlirOperation>,
    allocs: Vec<mlir_sys::MlirOperation>,
    sizes: Vec<u64>,
    events: Vec<OpEvent>,
    plan: alloc::AllocPlan,
}

impl Planned {
    /// The problem and plan, when they were made for `func` with `hw` and
    /// `allow_swaps` and the block still holds the same ops (a check
    /// against a host pass that would claim to preserve what it changed:
    /// linear, no operand or type read).
    fn attach<'c, 'a>(
        &self,
        func: OperationRef<'c, 'a>,
        hw: &Hw,
        allow_swaps: bool,
    ) -> Option<(Problem<'c, 'a>, alloc::AllocPlan)> {
        if func.to_raw().ptr != self.func.ptr || *hw != self.hw || allow_swaps != self.allow_swaps {
            return None;
        }
        let block = ir::body(func)?;
        if block.to_raw().ptr != self.block.ptr {
            return None;
        }
        let ops = ir::block_ops(block);
        if ops.len() != self.ops.len()
            || ops
                .iter()
                .zip(&self.ops)
                .any(|(o, r)| o.to_raw().ptr != r.ptr)
        {
            return None;
        }
        // SAFETY: every alloc was an op of this block when the plan was
        // made, and the block is unchanged since (the analysis manager kept
        // the plan), so each pointer is still a live op of `func`.
        let allocs = self
            .allocs
            .iter()
            .map(|&a| unsafe { OperationRef::from_raw(a) })
            .collect();
        Some((
            Problem {
                block,
                ops,
                allocs,
                sizes: self.sizes.clone(),
                events: self.events.clone(),
            },
            self.plan.clone(),
        ))
    }
}

/// Reads and plans `func` (which must have a body) as [`assign`] would,
/// writing nothing: the plan to hand to a later [`assign`] of the same,
/// unchanged function. None when it does not place. `known`: the block's
/// facts are known to hold at `hw`'s slices (`ir::facts::Checked`), so
/// they are not checked again.
pub fn plan(func: OperationRef, hw: &Hw, allow_swaps: bool, known: bool) -> Option<Planned> {
    let problem = read_problem(func, hw.slices, known).ok()?;
    let plan = plan_problem(&problem, hw, allow_swaps).ok()?;
    Some(Planned {
        hw: hw.clone(),
        allow_swaps,
        func: func.to_raw(),
        block: problem.block.to_raw(),
        ops: problem.ops.iter().map(|o| o.to_raw()).collect(),
        allocs: problem.allocs.iter().map(|o| o.to_raw()).collect(),
        sizes: problem.sizes,
        events: problem.events,
        plan,
    })
}

/// Allocates `func` in place; on failure returns the diagnostics (not yet
/// emitted) and leaves `func` unchanged. `planned`, a [`plan`] made of
/// this function as it still is with the same `hw` and `allow_swaps`, is
/// written as it is (nothing read or planned again); any other is ignored.
/// `known` as for [`plan`].
pub fn assign<'c>(
    func: OperationRef<'c, '_>,
    hw: &Hw,
    allow_swaps: bool,
    planned: Option<&Planned>,
    known: bool,
) -> Result<alloc::AllocPlan, Vec<Diag<'c>>> {
    let one = |d: Diag<'c>| vec![d];
    if ir::body(func).is_none() {
        // A declaration: nothing to allocate.
        return Ok(alloc::AllocPlan::default());
    }
    let (problem, plan) = match planned.and_then(|p| p.attach(func, hw, allow_swaps)) {
        Some(made) => {
            tracing::debug!(target: NAME, "the plan made before (unchanged function)");
            made
        }
        None => {
            let problem = read_problem(func, hw.slices, known)
                .map_err(|d| vec![Diag::new(d.loc, "failed to allocate LRAM addresses"), d])?;
            let plan = plan_problem(&problem, hw, allow_swaps).map_err(|e| {
                let at = problem.ops.get(e.op()).copied().unwrap_or(func);
                vec![
                    Diag::at(&at, "failed to allocate LRAM addresses"),
                    Diag::at(&at, e.to_string()),
                ]
            })?;
            (problem, plan)
        }
    };
    tracing::debug!(target: NAME, swaps_out = plan.swaps_out, swaps_in = plan.swaps_in, peak = plan.peak_bytes, "plan");

    let cref = func.context();
    // SAFETY: `cref` lives until the end of this function, and so does every use of `ctx`.
    let ctx = unsafe { cref.to_ref() };
    let attr = |name: &str, a| (Identifier::new(ctx, name), a);
    let i8t = IntegerType::new(ctx, 8).into();
    let internal = |loc, m: &str| one(Diag::new(loc, format!("{NAME}: internal error: {m}")));
    // Phase 1: build every new op, detached, and list the edits in order;
    // every check and every fallible step is here. The IR is not touched.
    let value = |v: Value<'c, '_>| v.to_raw();
    let mut current: Vec<mlir_sys::MlirValue> = Vec::with_capacity(problem.allocs.len());
    for a in &problem.allocs {
        let r = a
            .result_at(0)
            .ok_or_else(|| internal(a.location(), "an alloc without a result"))?;
        current.push(value(r.into()));
    }
    let mut xram: Vec<Option<mlir_sys::MlirValue>> = vec![None; problem.allocs.len()];
    let mut built: Vec<Option<melior::ir::Operation<'c>>> = Vec::new();
    let mut edits: Vec<Edit<'c, '_>> = Vec::new();
    let address = |offset: u64, loc| {
        LRAM_RESERVED_BYTES
            .checked_add(offset)
            .and_then(|a| i64::try_from(a).ok())
            .ok_or_else(|| internal(loc, "an LRAM address beyond i64"))
    };
    for (i, &anchor) in problem.ops.iter().enumerate() {
        let loc = anchor.location();
        for swap in &plan.before[i] {
            let b = match *swap {
                Swap::Out { buf } | Swap::In { buf, .. } => buf,
            };
            let bytes = problem.sizes[b];
            let bytes_i64 =
                i64::try_from(bytes).map_err(|_| internal(loc, "a swap beyond i64 bytes"))?;
            let xty = MemRefType::new(i8t, &[bytes_i64], None, None);
            let transfer = |name: &str| -> Result<_, Vec<Diag<'c>>> {
                let dir = if name == "torq_hl.load" {
                    Direction::In
                } else {
                    Direction::Out
                };
                let cycles = i64::try_from(hw.transfer_cycles(bytes, dir))
                    .map_err(|_| internal(loc, "a swap beyond i64 cycles"))?;
                Ok(vec![
                    attr(
                        if name == "torq_hl.load" {
                            "input_strides_bytes"
                        } else {
                            "output_strides_bytes"
                        },
                        dense(ctx, &[]),
                    ),
                    attr("shape", dense(ctx, &[])),
                    attr("element_size_bytes", ir::i64_attr(ctx, bytes_i64)),
                    attr("unsafe", BoolAttribute::new(ctx, true).into()),
                    attr("torq-async-bytes", ir::i64_attr(ctx, bytes_i64)),
                    attr("torq-async-duration-cycles", ir::i64_attr(ctx, cycles)),
                ])
            };
            // Builds `b` detached, to be inserted before `anchor`; returns
            // its first result, if it has one.
            let mut add =
                |b: OperationBuilder<'c>| -> Result<Option<mlir_sys::MlirValue>, Vec<Diag<'c>>> {
                    let op = b
                        .build()
                        .map_err(|e| one(Diag::new(loc, format!("{NAME}: {e}"))))?;
                    let r = op.result_at(0).map(|r| value(r.into()));
                    edits.push(Edit::Insert {
                        anchor,
                        op: built.len(),
                    });
                    built.push(Some(op));
                    Ok(r)
                };
            let segments = attr(
                "operandSegmentSizes",
                melior::ir::attribute::DenseI32ArrayAttribute::new(ctx, &[0, 0]).into(),
            );
            // SAFETY (both arms): every raw value is a result of an alloc of
            // the function or of an op built here, alive until the end.
            match *swap {
                Swap::Out { .. } => {
                    let xv = add(OperationBuilder::new("memref.alloc", loc)
                        .add_results(&[xty.into()])
                        .add_attributes(&[segments]))?
                    .ok_or_else(|| internal(loc, "an alloc without a result"))?;
                    let (x, c) = unsafe { (Value::from_raw(xv), Value::from_raw(current[b])) };
                    add(OperationBuilder::new("torq_hl.store", loc)
                        .add_operands(&[x, c])
                        .add_attributes(&transfer("torq_hl.store")?))?;
                    add(OperationBuilder::new("memref.dealloc", loc).add_operands(&[c]))?;
                    xram[b] = Some(xv);
                }
                Swap::In { offset, .. } => {
                    let xv = xram[b]
                        .take()
                        .ok_or_else(|| internal(loc, "a swap-in of a buffer that is not out"))?;
                    let c = unsafe { Value::from_raw(current[b]) };
                    let nv = add(OperationBuilder::new("memref.alloc", loc)
                        .add_results(&[c.r#type()])
                        .add_attributes(&[
                            segments,
                            attr(ADDRESS_ATTR, ir::i64_attr(ctx, address(offset, loc)?)),
                        ]))?
                    .ok_or_else(|| internal(loc, "an alloc without a result"))?;
                    let (n, x) = unsafe { (Value::from_raw(nv), Value::from_raw(xv)) };
                    add(OperationBuilder::new("torq_hl.load", loc)
                        .add_operands(&[n, x])
                        .add_attributes(&transfer("torq_hl.load")?))?;
                    add(OperationBuilder::new("memref.dealloc", loc).add_operands(&[x]))?;
                    edits.push(Edit::Redirect {
                        old: current[b],
                        new: nv,
                        anchor,
                    });
                    current[b] = nv;
                }
            }
        }
        // The dealloc of a buffer that is out frees its XRAM copy.
        if op_str(&anchor) == "memref.dealloc" {
            for &b in &problem.events[i].deallocs {
                if let Some(xv) = xram[b].take() {
                    edits.push(Edit::FreeXram { anchor, xram: xv });
                }
            }
        }
    }
    let mut addresses = Vec::new();
    for (b, alloc) in problem.allocs.iter().enumerate() {
        let offset = plan.incarnations[b].offset;
        if offset != u64::MAX {
            addresses.push((*alloc, address(offset, alloc.location())?));
        }
    }
    // Phase 2: write, in the order the edits were made (nothing fails here).
    let block = problem.block;
    for edit in edits {
        match edit {
            Edit::Insert { anchor, op } => {
                if let Some(op) = built[op].take() {
                    block.insert_operation_before(anchor, op);
                }
            }
            // SAFETY: values from phase 1, alive (their ops are in the block now).
            Edit::Redirect { old, new, anchor } => unsafe {
                redirect(block, Value::from_raw(old), Value::from_raw(new), anchor)
            },
            Edit::FreeXram { anchor, xram } => unsafe {
                mlir_sys::mlirOperationSetOperand(anchor.to_raw(), 0, xram)
            },
        }
    }
    for (alloc, a) in addresses {
        let mut m = unsafe { OperationRefMut::from_raw(alloc.to_raw()) };
        m.set_attribute(ADDRESS_ATTR, ir::i64_attr(ctx, a));
    }
    Ok(plan)
}
