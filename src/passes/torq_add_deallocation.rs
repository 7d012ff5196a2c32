//! `torq-add-deallocation`: one `memref.dealloc` right after the last user of
//! every LRAM and XRAM `memref.alloc` (upstream-ir.md §3).
//!
//! Phases: (1) collect the allocs outside `torq_hl.program` bodies, in
//! allocation order; (2) for each, its users through views (subview,
//! expand/collapse_shape, casts...), each lifted to its ancestor in the
//! alloc's block; a `start_program` also counts its `wait_program` as a use,
//! since the program holds its buffers until then; the last of them in
//! block order is where the buffer dies, the alloc itself when it has no
//! users; (3) check that no buffer dies at a block terminator, then insert
//! the deallocs, in allocation order when several follow the same op.
//!
//! **A buffer that a program never waited for takes gets no dealloc**: the
//! program may use it to the end of the block (spec §4: a start without a
//! wait is a barrier), so the buffer lives to the end, as `ir::facts`, the
//! allocator and torq-verify-lram treat a buffer without a dealloc. A
//! dealloc before the terminator would free it under the running program.
//!
//! An alloc that already has a dealloc is left alone, so the pass is
//! idempotent. Cost: linear in the uses of the allocs (plus the positions
//! compared within a block).

use super::Diag;
use crate::buffer::MemSpace;
use crate::ir::OpExt;
use crate::ir::{self, op_name, op_str};
use crate::options::PassOptions;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::{BlockLike, Value};

pub const NAME: &str = "torq-add-deallocation";

/// The op after which `alloc`'s buffer dies.
fn last_use<'c, 'a>(alloc: OperationRef<'c, 'a>) -> Option<(OperationRef<'c, 'a>, bool)> {
    let block = alloc.block()?.to_raw();
    let value: Value = alloc.result_at(0)?.into();
    let mut last = alloc;
    // A program never waited for in this block holds its buffers to the
    // block's end (as ir::facts and the scheduler treat it).
    let mut held_to_end = false;
    let mut consider = |u: OperationRef<'c, 'a>| {
        if let Some(a) = ir::ancestor_in_block(u, block) {
            if last.is_before_in_block(a) {
                last = a;
            }
        }
    };
    for user in ir::users_through_views(value) {
        consider(user);
        if op_str(&user) == "torq_hl.start_program" {
            let start = ir::ancestor_in_block(user, block);
            let mut waited = false;
            for w in ir::waits_of(user) {
                if let (Some(s), Some(a)) = (start, ir::ancestor_in_block(w, block)) {
                    waited |= s.is_before_in_block(a);
                }
                consider(w);
            }
            held_to_end |= !waited;
        }
    }
    Some((last, held_to_end))
}

/// Returns how many deallocs went into the function's own blocks (its
/// top-level ops grew by that many; `ir::facts::Checked::grown`).
pub fn run<'c>(func: OperationRef<'c, '_>, _opts: &PassOptions) -> Result<usize, Vec<Diag<'c>>> {
    let mut allocs = Vec::new();
    collect_allocs(func, &mut allocs);
    let mut plan = Vec::new();
    let mut errors = Vec::new();
    for alloc in allocs {
        let Some(result) = alloc.result_at(0) else {
            continue;
        };
        let value: Value = result.into();
        if !matches!(
            ir::memory_space(value),
            Some(MemSpace::Lram | MemSpace::Xram)
        ) {
            continue;
        }
        if ir::users_through_views(value)
            .iter()
            .any(|u| op_str(u) == "memref.dealloc")
        {
            continue;
        }
        let Some((last, held_to_end)) = last_use(alloc) else {
            continue;
        };
        if held_to_end {
            tracing::debug!(target: NAME, "no dealloc: a program never waited for holds the buffer to the block's end");
            continue;
        }
        if last != alloc && last.next_in_block().is_none() {
            errors.push(Diag::at(
                &alloc,
                format!(
                    "{NAME}: the last user of this buffer is the block terminator '{}'",
                    op_name(&last)
                ),
            ));
            continue;
        }
        plan.push((alloc, last));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Build every dealloc (detached) before the first insertion.
    let mut built = Vec::with_capacity(plan.len());
    for (alloc, last) in plan {
        let Some(block) = last.block() else { continue };
        let Some(result) = alloc.result_at(0) else {
            continue;
        };
        let value: Value = result.into();
        let dealloc = OperationBuilder::new("memref.dealloc", alloc.location())
            .add_operands(&[value])
            .build()
            .map_err(|e| vec![Diag::at(&alloc, format!("{NAME}: {e}"))])?;
        built.push((block, last, dealloc));
    }
    // Per op (by address): the last dealloc inserted after it.
    let mut after: std::collections::HashMap<usize, OperationRef> = Default::default();
    let mut top_level = 0usize;
    for (block, last, dealloc) in built {
        if block
            .parent_operation()
            .is_some_and(|p| p.to_raw().ptr == func.to_raw().ptr)
        {
            top_level = top_level.saturating_add(1);
        }
        let key = last.to_raw().ptr as usize;
        let anchor = after.get(&key).copied().unwrap_or(last);
        let inserted = block.insert_operation_after(anchor, dealloc);
        tracing::debug!(target: NAME, after = %op_name(&last), "dealloc");
        after.insert(key, inserted);
    }
    Ok(top_level)
}

/// memref.alloc ops nested in `op`, in order, outside torq_hl.program bodies.
fn collect_allocs<'c, 'a>(op: OperationRef<'c, 'a>, out: &mut Vec<OperationRef<'c, 'a>>) {
    use melior::ir::RegionLike;
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut cur = b.first_operation();
            while let Some(o) = cur {
                match op_str(&o) {
                    "memref.alloc" => out.push(o),
                    "torq_hl.program" => {}
                    _ => collect_allocs(o, out),
                }
                cur = o.next_in_block();
            }
            block = b.next_in_region();
        }
    }
}
