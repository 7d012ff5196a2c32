//! The facts about a block's input that the scheduler and the allocator
//! build on, checked once, here, for both PrefetchInputs (the stream
//! translation) and AssignLramAddresses (the allocator's reading):
//!
//! - every slice `executor_id` names a slice of the target, and one program
//!   is in flight per executor in the input order (a start never waited for
//!   holds its executor to the end of the block); an invocation no op of
//!   the function made (an argument) runs on an executor nobody can name,
//!   so it is checked against itself only (a second start before its wait),
//!   and its start and wait are the stream's barriers;
//! - a buffer allocated in the block is deallocated at most once and not
//!   used after its dealloc;
//! - every load and store is well formed (`ir::transfer_bytes`: direction,
//!   sizes, byte count);
//! - no load reads an XRAM buffer of the block that nothing wrote before,
//!   and no store reads an LRAM buffer of the block that nothing wrote
//!   before (any use but a load's or a store's source counts as a possible
//!   write: a load's destination, a program, a host copy).
//!
//! - **a buffer that a running program may read or write is the program's
//!   from before its start to after its wait** (a start never waited for
//!   holds them to the end of the block): no dealloc of it, no load into
//!   it, and no store from it while the program may write it, inside that
//!   window; and an invocation is waited for at most once.
//!
//! **Ops nested in a top-level op (`scf.if`, `scf.for`, ...) count where
//! their ancestor stands** ([`super::stream_ops`]; a program's body is not
//! the stream's): a nested dealloc, load or store meets the window rule
//! there, a nested dealloc frees its buffer for every op after the
//! ancestor, and a nested transfer must be well formed.
//!
//! Across the blocks of a function ([`check_function`], before every pass
//! that is not handed them as known, [`Checked`]):
//!
//! - **a buffer lives in the block that allocates it**: every use of an
//!   LRAM or XRAM `memref.alloc` (through views, nested ops included) lies
//!   in the alloc's block;
//! - **a wait waits for a start before it in its own block**;
//! - for the passes that place LRAM (`entry_only`), every LRAM alloc lies
//!   in the function's entry block (the allocator places one block).
//!
//! Cost: linear in the ops and their nested ops' operands (the window check:
//! times the programs in flight at once, at most one per executor).

use super::{attr_i64, op_str, root_of, value_key as vkey, OpExt, VIEW_OPS};
use super::{executor_of, TranslateError};
use crate::buffer::MemSpace;
use crate::hash::WordMap;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, RegionLike, Value};

/// What is known to hold of a function: the rules across blocks
/// ([`check_function`]) and within its blocks ([`check_block`] on every
/// block), as the pass that checked them, or a pass after it that keeps
/// them, leaves the function. Each pass checks only what is not known.
/// The C++ shells hand it on as an MLIR analysis of the function, which
/// the analysis manager drops as soon as a pass does not claim to keep it
/// (a host's pass that changes the function, or one of ours that rewrites
/// beyond the rules: RecoverLramResidency's rewrite, AssignLramAddresses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// The rules across blocks hold; `Some(true)` with the entry-only rule
    /// of the passes that place LRAM.
    across: Option<bool>,
    /// Every block holds the rules within blocks at this many slices.
    within: Option<u32>,
    /// The function's top-level ops when the facts were stamped: a count
    /// that moved since (a host pass that claimed to keep what it changed)
    /// makes everything unknown again. Linear, no operand read.
    ops: usize,
}

impl Checked {
    /// Nothing known.
    pub const NOTHING: Checked = Checked {
        across: None,
        within: None,
        ops: 0,
    };

    /// These facts, if `func` still has the op count they were stamped
    /// with; else nothing.
    pub fn of(self, func: OperationRef) -> Checked {
        if self == Self::NOTHING || top_level_ops(func) != self.ops {
            Self::NOTHING
        } else {
            self
        }
    }

    /// The rules across blocks are known to hold (with the entry-only rule
    /// when `entry_only`).
    pub fn knows_across(self, entry_only: bool) -> bool {
        self.across.is_some_and(|e| e || !entry_only)
    }

    /// The rules within every block are known to hold at `slices` slices.
    pub fn knows_within(self, slices: u32) -> bool {
        self.within == Some(slices)
    }

    /// And the rules across blocks (with the entry-only rule when
    /// `entry_only`), just checked.
    pub fn with_across(mut self, entry_only: bool) -> Checked {
        self.across = Some(entry_only || self.knows_across(true));
        self
    }

    /// And the rules within every block at `slices`, just checked.
    pub fn with_within(mut self, slices: u32) -> Checked {
        self.within = Some(slices);
        self
    }

    /// Something is known.
    pub fn knows_any(self) -> bool {
        self.across.is_some() || self.within.is_some()
    }

    /// The same facts of the function with `added` more top-level ops (a
    /// pass that keeps the facts and inserted ops in the function's own
    /// blocks says how many, so that its count need not be walked again).
    pub fn grown(mut self, added: usize) -> Checked {
        self.ops = self.ops.saturating_add(added);
        self
    }

    /// Stamped with `func`'s op count as a pass leaves it.
    pub fn stamped(mut self, func: OperationRef) -> Checked {
        self.ops = top_level_ops(func);
        self
    }
}

/// The ops of the blocks of `func`'s body, not nested ones.
fn top_level_ops(func: OperationRef) -> usize {
    let Some(region) = func.region_at(0) else {
        return 0;
    };
    let mut n = 0usize;
    let mut block = region.first_block();
    while let Some(b) = block {
        let mut op = b.first_operation();
        while let Some(o) = op {
            n = n.saturating_add(1);
            op = o.next_in_block();
        }
        block = b.next_in_region();
    }
    n
}

/// Every fact above, for the top-level ops of a block.
pub fn check_block<'c>(
    ops: &[OperationRef<'c, '_>],
    slices: u32,
) -> Result<(), TranslateError<'c>> {
    check_executor_occupancy(ops, slices)?;
    // The window rule first: a dealloc inside a program's window is named
    // as such, not as the use after it.
    check_programs_in_flight(ops)?;
    check_buffer_lifetimes(ops)
}

/// The rules across blocks, for the function `func` (see the module's
/// essay); `entry_only` for the passes that place LRAM.
pub fn check_function<'c>(
    func: OperationRef<'c, '_>,
    entry_only: bool,
) -> Result<(), TranslateError<'c>> {
    let entry = super::body(func).map(|b| b.to_raw().ptr);
    let mut err: Option<TranslateError<'c>> = None;
    let mut visit = |op: OperationRef<'c, '_>| {
        if err.is_some() {
            return;
        }
        let Some(block) = op.block() else { return };
        match op_str(&op) {
            "memref.alloc" => {
                let Some(v) = op.result_at(0).map(Value::from) else {
                    return;
                };
                let space = super::memory_space(v);
                if !matches!(space, Some(MemSpace::Xram | MemSpace::Lram)) {
                    return;
                }
                if entry_only
                    && space == Some(MemSpace::Lram)
                    && Some(block.to_raw().ptr) != entry
                    && op.parent_operation().map(|p| p.to_raw().ptr) == Some(func.to_raw().ptr)
                {
                    err = Some(TranslateError {
                        notes: Vec::new(),
                        loc: op.location(),
                        message: "an LRAM alloc outside the function's entry block: LRAM is \
                                  placed for one block"
                            .into(),
                    });
                    return;
                }
                if let Some(u) = super::users_through_views(v)
                    .into_iter()
                    .find(|u| super::ancestor_in_block(*u, block.to_raw()).is_none())
                {
                    err = Some(TranslateError {
                        notes: Vec::new(),
                        loc: u.location(),
                        message: format!(
                            "uses a buffer allocated in another block (at {}): a buffer lives \
                             in the block that allocates it",
                            op.location()
                        ),
                    });
                }
            }
            "torq_hl.wait_program" => {
                let Some(inv) = op.operand_at(0) else { return };
                let started = super::users(inv).into_iter().any(|s| {
                    op_str(&s) == "torq_hl.start_program"
                        && s.block()
                            .is_some_and(|b| b.to_raw().ptr == block.to_raw().ptr)
                        && s.is_before_in_block(op)
                });
                if !started {
                    err = Some(TranslateError {
                        notes: Vec::new(),
                        loc: op.location(),
                        message: "wait_program without a start_program of its invocation \
                                  before it in its block"
                            .into(),
                    });
                }
            }
            _ => {}
        }
    };
    super::walk_nested(func, &mut visit);
    err.map_or(Ok(()), Err)
}

/// A program in flight: its start, the name of its program, and the roots
/// of the buffers it takes, each with whether it may write it.
struct InFlight<'c, 'a> {
    start: OperationRef<'c, 'a>,
    name: String,
    buffers: Vec<(usize, bool)>,
}

/// The program a start runs and what it may do to each buffer it takes.
fn in_flight<'c, 'a>(start: &OperationRef<'c, 'a>) -> InFlight<'c, 'a> {
    let program = start
        .operand_at(0)
        .and_then(super::invocation_maker)
        .and_then(|c| c.operand_at(0))
        .and_then(super::defining_op)
        .filter(|p| op_str(p) == "torq_hl.program");
    let name = program
        .as_ref()
        .and_then(|p| super::attr_str(p, "name"))
        .unwrap_or_default();
    let buffers = super::effects::start_arg_effects(start, program.as_ref())
        .into_iter()
        .filter_map(|(idx, (_, writes))| Some((vkey(root_of(start.operand_at(idx)?)), writes)))
        .collect();
    InFlight {
        start: *start,
        name,
        buffers,
    }
}

/// No op between a program's start and its wait (or the block's end when
/// it is never waited for) frees, loads into, or stores from while it may
/// write, a buffer the program takes; no invocation is waited twice.
fn check_programs_in_flight<'c>(ops: &[OperationRef<'c, '_>]) -> Result<(), TranslateError<'c>> {
    // In start order, so that a clash names the same program every run.
    let mut running: Vec<(usize, InFlight)> = Vec::new();
    let mut waited: WordMap<usize, OperationRef> = WordMap::default();
    for top in ops {
        match op_str(top) {
            "torq_hl.start_program" => {
                if let Some(inv) = top.operand_at(0) {
                    running.push((vkey(inv), in_flight(top)));
                }
                continue;
            }
            "torq_hl.wait_program" => {
                if let Some(inv) = top.operand_at(0) {
                    if let Some(first) = waited.get(&vkey(inv)) {
                        return Err(TranslateError {
                            notes: Vec::new(),
                            loc: top.location(),
                            message: format!(
                                "waits a second time for the invocation waited for at {}",
                                first.location()
                            ),
                        });
                    }
                    if let Some(at) = running.iter().position(|(k, _)| *k == vkey(inv)) {
                        running.remove(at);
                        waited.insert(vkey(inv), *top);
                    }
                }
                continue;
            }
            _ if running.is_empty() => continue,
            _ => {}
        }
        // The op and the ops nested in it, where it stands.
        for op in &super::stream_ops(*top) {
            check_against_running(op, &running)?;
        }
    }
    Ok(())
}

/// `op` (at the top level or nested) against the programs running where it
/// stands: no dealloc of, load into, or store from while it may write, a
/// buffer one of them takes.
fn check_against_running<'c>(
    op: &OperationRef<'c, '_>,
    running: &[(usize, InFlight<'c, '_>)],
) -> Result<(), TranslateError<'c>> {
    let name = op_str(op);
    let root = |i: usize| op.operand_at(i).map(|v| vkey(root_of(v)));
    // The running program that takes `key` (and may write it, if asked).
    let holder = |key: Option<usize>, writing: bool| {
        let key = key?;
        running
            .iter()
            .map(|(_, p)| p)
            .find(|p| p.buffers.iter().any(|&(b, w)| b == key && (w || !writing)))
    };
    // The buffer's memory space, named in the message.
    let space = |i: usize| match op
        .operand_at(i)
        .and_then(|v| super::memory_space(root_of(v)))
    {
        Some(MemSpace::Lram) => "an LRAM buffer",
        Some(MemSpace::Xram) => "an XRAM buffer",
        _ => "a buffer",
    };
    let clash = |p: &InFlight<'c, '_>, what: &str, operand: usize| TranslateError {
        notes: vec![(
            p.start.location(),
            format!("program '{}' started here", p.name),
        )],
        loc: op.location(),
        message: format!(
            "{what} {} that program '{}' {} until its wait",
            space(operand),
            p.name,
            if what == "stores" {
                "may write"
            } else {
                "uses"
            }
        ),
    };
    match name {
        "memref.dealloc" => {
            if let Some(p) = holder(root(0), false) {
                return Err(clash(p, "deallocates", 0));
            }
        }
        // Operand 0 is a transfer's destination, 1 its source.
        "torq_hl.load" => {
            if let Some(p) = holder(root(0), false) {
                return Err(clash(p, "loads into", 0));
            }
        }
        "torq_hl.store" => {
            if let Some(p) = holder(root(1), true) {
                return Err(clash(p, "stores", 1));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Ops whose regions may run more than once.
pub const LOOP_OPS: &[&str] = &[
    "scf.for",
    "scf.while",
    "scf.parallel",
    "scf.forall",
    "affine.for",
    "affine.parallel",
];

/// What the block has done to a buffer it allocates.
struct State<'c, 'a> {
    space: MemSpace,
    written: bool,
    freed: Option<OperationRef<'c, 'a>>,
}

fn check_buffer_lifetimes<'c>(ops: &[OperationRef<'c, '_>]) -> Result<(), TranslateError<'c>> {
    let err = |op: &OperationRef<'c, '_>, message: String| TranslateError {
        notes: Vec::new(),
        loc: op.location(),
        message,
    };
    let mut state: WordMap<usize, State> = WordMap::default();
    for op in ops {
        let name = op_str(op);
        match name {
            "memref.alloc" => {
                if let Some(v) = op.result_at(0).map(Value::from) {
                    if let Some(space @ (MemSpace::Xram | MemSpace::Lram)) = super::memory_space(v)
                    {
                        state.insert(
                            vkey(v),
                            State {
                                space,
                                written: false,
                                freed: None,
                            },
                        );
                    }
                }
                continue;
            }
            "torq_hl.program" => continue,
            n if VIEW_OPS.contains(&n) => continue,
            _ => {}
        }
        // Uses after a dealloc, by this op or an op nested in it.
        let mut after_free = None;
        let mut check_use = |o: OperationRef<'c, '_>| {
            for v in o.operands() {
                if let Some(first) = state.get(&vkey(root_of(v))).and_then(|s| s.freed) {
                    after_free.get_or_insert((
                        o.location(),
                        first.location(),
                        op_str(&o) == "memref.dealloc",
                    ));
                }
            }
        };
        check_use(*op);
        super::walk_nested(*op, &mut check_use);
        if let Some((at, freed, again)) = after_free {
            let what = if again {
                "this buffer was already deallocated at"
            } else {
                "uses a buffer deallocated at"
            };
            return Err(TranslateError {
                notes: Vec::new(),
                loc: at,
                message: format!("{what} {freed}"),
            });
        }
        let root = |i: usize| op.operand_at(i).map(|v| vkey(root_of(v)));
        match name {
            "memref.dealloc" => {
                if let Some(s) = root(0).and_then(|k| state.get_mut(&k)) {
                    s.freed = Some(*op);
                }
            }
            "torq_hl.load" | "torq_hl.store" => {
                // Well formed first (direction, sizes), then (destination, source).
                super::transfer_bytes(op).map_err(|m| err(op, m))?;
                if let Some(s) = root(1).and_then(|k| state.get(&k)) {
                    if !s.written {
                        let space = match s.space {
                            MemSpace::Xram => "an XRAM",
                            _ => "an LRAM",
                        };
                        let verb = if name == "torq_hl.load" {
                            "loads from"
                        } else {
                            "stores"
                        };
                        return Err(err(
                            op,
                            format!(
                                "{verb} {space} buffer of this function that nothing wrote before"
                            ),
                        ));
                    }
                }
                if let Some(s) = root(0).and_then(|k| state.get_mut(&k)) {
                    s.written = true;
                }
            }
            _ => {
                // Any other use may write; a nested transfer must be well
                // formed, and a nested dealloc frees its buffer here, where
                // its ancestor stands (after the op's own uses).
                let mut freed = Vec::new();
                for o in super::stream_ops(*op) {
                    match op_str(&o) {
                        "memref.dealloc" => {
                            freed.extend(o.operand_at(0).map(|v| (vkey(root_of(v)), o)))
                        }
                        "torq_hl.load" | "torq_hl.store" => {
                            super::transfer_bytes(&o).map_err(|m| err(&o, m))?;
                        }
                        _ => {}
                    }
                    for v in o.operands() {
                        if let Some(s) = state.get_mut(&vkey(root_of(v))) {
                            s.written = true;
                        }
                    }
                }
                for (k, at) in freed {
                    if let Some(s) = state.get_mut(&k) {
                        // A loop between the dealloc and the block frees
                        // the buffer once per iteration.
                        let mut up = at.parent_operation();
                        while let Some(p) = up {
                            if LOOP_OPS.contains(&op_str(&p)) {
                                return Err(TranslateError {
                                    notes: Vec::new(),
                                    loc: at.location(),
                                    message: format!(
                                        "deallocates inside '{}' a buffer allocated outside it: it would be freed once per iteration",
                                        op_str(&p)
                                    ),
                                });
                            }
                            if p == *op {
                                break;
                            }
                            up = p.parent_operation();
                        }
                        if let Some(first) = s.freed {
                            return Err(TranslateError {
                                notes: Vec::new(),
                                loc: at.location(),
                                message: format!(
                                    "this buffer was already deallocated at {}",
                                    first.location()
                                ),
                            });
                        }
                        s.freed = Some(at);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The executor a `torq_hl.start_program` occupies: the invocation's
/// executor kind (`slice`, `css`, `nss`, `host`) and its `executor_id` (0
/// when the invocation does not say). None when no op of this function
/// made the invocation (a function argument, a block argument): its
/// executor is unknown, and the start and its wait are barriers that
/// occupy no executor the block can name.
fn start_executor(op: &OperationRef) -> Option<(String, i64)> {
    let inv = op.operand_at(0)?;
    let kind = executor_of(inv)?;
    let id = super::invocation_maker(inv)?;
    Some((kind, attr_i64(&id, "executor_id").unwrap_or(0)))
}

/// One program in flight per executor, in the input order
/// (ScheduleSlicePrograms guarantees it upstream for the slices; input that
/// breaks it gets a located error). A start that is never waited for holds
/// its executor to the end of the block.
#[derive(Default)]
struct ExecutorOccupancy<'c, 'a> {
    in_flight: std::collections::BTreeMap<(String, i64), OperationRef<'c, 'a>>,
    held: std::collections::BTreeMap<(String, i64), OperationRef<'c, 'a>>,
}

impl<'c, 'a> ExecutorOccupancy<'c, 'a> {
    /// `op` starts a program on `executor`; `waited`: a wait follows in the block.
    pub fn start(
        &mut self,
        op: &OperationRef<'c, 'a>,
        executor: (String, i64),
        waited: bool,
    ) -> Result<(), TranslateError<'c>> {
        let what = format!("{} {}", executor.0, executor.1);
        if let Some(other) = self.in_flight.get(&executor) {
            return Err(TranslateError {
                notes: vec![(other.location(), "the program in flight started here".into())],
                loc: op.location(),
                message: format!(
                    "two programs in flight on {what}: this start comes before the wait of the program in flight there"
                ),
            });
        }
        if let Some(other) = self.held.get(&executor) {
            return Err(TranslateError {
                notes: vec![(
                    other.location(),
                    "the program never waited for started here".into(),
                )],
                loc: op.location(),
                message: format!(
                    "two programs in flight on {what}: an earlier start there is never waited for"
                ),
            });
        }
        if waited {
            self.in_flight.insert(executor, *op);
        } else {
            self.held.insert(executor, *op);
        }
        Ok(())
    }

    /// The program on `executor` was waited for.
    fn wait(&mut self, executor: &(String, i64)) {
        self.in_flight.remove(executor);
    }
}

/// Checks the input order of a block's starts and waits: every slice
/// `executor_id` names a slice of the target, and one program is in flight
/// per executor (a start never waited for holds its executor to the end).
/// The stream translation and AssignLramAddresses both rely on it.
fn check_executor_occupancy<'c, 'a>(
    ops: &[OperationRef<'c, 'a>],
    slices: u32,
) -> Result<(), TranslateError<'c>> {
    let first_wait = super::first_waits(ops);
    let mut occupancy = ExecutorOccupancy::default();
    let mut executor_of_inv: WordMap<usize, (String, i64)> = WordMap::default();
    // Invocations of unknown executors in flight: one program each.
    let mut unknown: WordMap<usize, OperationRef<'c, 'a>> = WordMap::default();
    for (i, op) in ops.iter().enumerate() {
        let Some(inv) = op.operand_at(0) else {
            continue;
        };
        match op_str(op) {
            "torq_hl.start_program" => {
                super::start_slice(op, slices)?;
                let waited = first_wait.get(&vkey(inv)).is_some_and(|&w| w > i);
                if let Some(e) = start_executor(op) {
                    occupancy.start(op, e.clone(), waited)?;
                    executor_of_inv.insert(vkey(inv), e);
                } else if let Some(other) = unknown.insert(vkey(inv), *op) {
                    // Its executor is unknown, but it is one executor.
                    return Err(TranslateError {
                        notes: vec![(other.location(), "its program started here".into())],
                        loc: op.location(),
                        message: "starts an invocation whose program is still in flight".into(),
                    });
                }
            }
            "torq_hl.wait_program" => {
                unknown.remove(&vkey(inv));
                if let Some(e) = executor_of_inv.get(&vkey(inv)) {
                    occupancy.wait(e);
                }
            }
            _ => {}
        }
    }
    Ok(())
}
