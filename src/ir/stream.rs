//! From a block of MLIR to the scheduler's `Stream` (spec §4), and the
//! facts needed to write decisions back.
//!
//! | op | kind |
//! |---|---|
//! | memref.alloc, views, casts, arith/torq_hl constants, map_binding, program, import_program, program_code, create_invocation, descriptor, get_block | Pure |
//! | torq_hl.load / torq_hl.store | Load / Store |
//! | start_program of a slice invocation created in the block (create_invocation or descriptor), with a wait after it | Start |
//! | its wait_program | Wait |
//! | anything else: host_copy, dynamic_host_copy, CSS/NSS/host programs, nss_task and the torq_hw ops of later stages, memref.copy, dealloc, the terminator | Barrier |
//!
//! Durations: `torq-async-duration-cycles` of a transfer (else the DMA
//! transfer cost `Hw::transfer_cycles` at the pass's MTUs); a start's compute is the sum of
//! `max_cycle` over its program's `slice_profiling` ops (else the NDL cost of
//! its slice tasks). Accesses: byte ranges of the root buffer (an alloc, a
//! function argument, a binding, a constant) from the view's layout; a
//! program argument is written when it is a `q` operand of a slice task,
//! read when it is another operand, and both when anything else uses it.

use super::{buffer_type, op_str, VIEW_OPS};
use crate::buffer::MemSpace;
use crate::cost::{Direction, Hw, NdlCycles};
use crate::hash::WordMap;
use crate::ir::OpExt;
use crate::sched::stream::{Access, Buffer, Kind, Node, NodeId, Program, Stream};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, BlockRef, Value, ValueLike};

pub use super::TranslateError;

/// The stream of one block, with the ops behind its nodes.
pub struct BlockStream<'c, 'a> {
    pub stream: Stream,
    /// Per node: the op.
    pub ops: Vec<OperationRef<'c, 'a>>,
    /// Per program: its create_invocation op (where the slice is written).
    pub invocations: Vec<OperationRef<'c, 'a>>,
}

impl BlockStream<'_, '_> {
    /// Per op (by its address): its node.
    pub fn node_by_op(&self) -> WordMap<usize, NodeId> {
        self.ops
            .iter()
            .enumerate()
            .map(|(v, op)| (op.to_raw().ptr as usize, v))
            .collect()
    }
}

const PURE_OPS: &[&str] = &[
    "memref.alloc",
    "memref.alloca",
    "memref.get_global",
    "arith.constant",
    "torq_hl.const",
    "torq_hl.map_binding",
    "torq_hl.program",
    "torq_hl.import_program",
    "torq_hl.program_code",
    "torq_hl.create_invocation",
    "torq_hl.descriptor",
    "torq_hl.get_block",
];

fn key(op: &OperationRef) -> usize {
    op.to_raw().ptr as usize
}

use super::{defining_op as owner_of, root_of, value_key as vkey};

struct Builder<'c, 'a> {
    stream: Stream,
    ops: Vec<OperationRef<'c, 'a>>,
    node_of: WordMap<usize, NodeId>,
    buffer_of: WordMap<usize, usize>,
}

impl<'c, 'a> Builder<'c, 'a> {
    fn err(op: &OperationRef<'c, '_>, message: impl Into<String>) -> TranslateError<'c> {
        TranslateError {
            notes: Vec::new(),
            loc: op.location(),
            message: message.into(),
        }
    }

    /// The access of memref value `v`, or None for a non-memref.
    /// What a start does to its arguments (`effects::start_arg_effects`
    /// with `program`, when known), as accesses: a read, a write, or both.
    fn start_accesses(
        &mut self,
        op: &OperationRef<'c, 'a>,
        program: Option<&OperationRef<'c, 'a>>,
    ) -> Result<Vec<Access>, TranslateError<'c>> {
        let mut out = Vec::new();
        for (idx, (r, w)) in super::effects::start_arg_effects(op, program) {
            let v = op
                .operand_at(idx)
                .ok_or_else(|| Builder::err(op, format!("has no operand {idx}")))?;
            if r || !w {
                out.extend(self.access(v, false, op)?);
            }
            if w {
                out.extend(self.access(v, true, op)?);
            }
        }
        Ok(out)
    }

    fn access(
        &mut self,
        v: Value<'c, 'a>,
        write: bool,
        at: &OperationRef<'c, 'a>,
    ) -> Result<Option<Access>, TranslateError<'c>> {
        // Not a memref (an index, a scalar): not a buffer access.
        if super::as_memref(v.r#type()).is_none() {
            return Ok(None);
        }
        let root = root_of(v);
        let rkey = vkey(root);
        let buffer = match self.buffer_of.get(&rkey) {
            Some(&b) => b,
            None => {
                let ty = buffer_type(root.r#type()).map_err(|m| Self::err(at, m))?;
                self.stream.buffers.push(Buffer {
                    name: format!("b{}", self.stream.buffers.len()),
                    bytes: ty.encoded_bytes(),
                    lram: ty.space == MemSpace::Lram,
                });
                let id = self.stream.buffers.len().saturating_sub(1);
                self.buffer_of.insert(rkey, id);
                id
            }
        };
        let bytes = self.stream.buffers[buffer].bytes;
        let (start, end) = match buffer_type(v.r#type()) {
            Ok(ty) => {
                let (s, e) = ty.byte_range();
                (s.min(bytes), e.min(bytes).max(s.min(bytes)))
            }
            // A view whose own type cannot be sized touches, as far as
            // the model knows, the whole buffer (conservative: more
            // dependences, never fewer).
            Err(_) => (0, bytes),
        };
        Ok(Some(Access {
            buffer,
            start,
            end,
            write,
        }))
    }

    /// Nodes of this block whose results `op` uses, inside its regions too.
    fn operands(&self, op: &OperationRef<'c, 'a>) -> Vec<NodeId> {
        let mut out = Vec::new();
        let visit = |o: &OperationRef<'c, 'a>, out: &mut Vec<NodeId>| {
            for v in o.operands() {
                if let Some(def) = owner_of(v) {
                    if let Some(&n) = self.node_of.get(&key(&def)) {
                        out.push(n);
                    }
                }
            }
        };
        visit(op, &mut out);
        super::walk_nested(*op, &mut |inner| visit(&inner, &mut out));
        out.sort_unstable();
        out.dedup();
        out
    }
}

fn program_compute<'c>(program: &OperationRef<'c, '_>) -> Result<u64, TranslateError<'c>> {
    let mut profiled = None;
    let mut tasks = Vec::new();
    let mut error = None;
    super::walk_nested(*program, &mut |op| match op_str(&op) {
        "torq_hw.slice_profiling" => {
            let c = super::attr_count(&op, "max_cycle").and_then(|c| {
                c.ok_or_else(|| "a torq_hw.slice_profiling without `max_cycle`".to_string())
            });
            match c {
                Ok(c) => {
                    let sum = profiled.get_or_insert(0u64);
                    *sum = sum.saturating_add(c);
                }
                Err(m) => {
                    error.get_or_insert((op.location(), m));
                }
            }
        }
        "torq_hw.slice_task" => tasks.push(op),
        _ => {}
    });
    if let Some((loc, message)) = error {
        return Err(TranslateError {
            loc,
            message,
            notes: Vec::new(),
        });
    }
    if let Some(p) = profiled {
        return Ok(p);
    }
    // No profile: the NDL cost of the tasks. Unreadable NDLs count nothing
    // here; the annotation pass reports them.
    Ok(tasks
        .iter()
        .filter_map(|t| super::task_ndls(t).ok())
        .map(|(mem, reg)| NdlCycles::of_task(&mem, &reg).max_cycle())
        .fold(0u64, u64::saturating_add))
}

use super::{invocation_maker, start_slice};
use crate::sched::stream::{MAX_CYCLES, MAX_NODES};

/// Translates `block` into a stream for `hw`.
pub fn block_to_stream<'c, 'a>(
    block: BlockRef<'c, 'a>,
    hw: &Hw,
) -> Result<BlockStream<'c, 'a>, TranslateError<'c>> {
    let mut b = Builder {
        stream: Stream {
            slices: hw.slices,
            ..Default::default()
        },
        ops: Vec::new(),
        node_of: WordMap::default(),
        buffer_of: WordMap::default(),
    };
    let ops = super::block_ops(block);
    // Errors about the whole block are reported at its function.
    let block_loc = || {
        block
            .parent_operation()
            .map_or_else(|| ops[0].location(), |p| p.location())
    };
    if ops.len() > MAX_NODES {
        return Err(TranslateError {
            notes: Vec::new(),
            loc: block_loc(),
            message: format!(
                "a block of {} ops; the scheduler takes at most 2^22",
                ops.len()
            ),
        });
    }
    // Pair starts and waits by invocation value.
    let inv_key = |op: &OperationRef| op.operand_at(0).map(vkey);
    let waits = super::first_waits(&ops);
    super::facts::check_block(&ops, hw.slices)?;
    let mut started: WordMap<usize, usize> = WordMap::default();
    let mut invocations = Vec::new();
    let (mut loads, mut stores) = (0usize, 0usize);

    for (i, op) in ops.iter().enumerate() {
        let name = op_str(op);
        let mut node = Node::new(Kind::Barrier, name);
        node.operands = b.operands(op);
        match name {
            "memref.alloc" => {
                node.kind = Kind::Pure;
                // The buffer is born here: later accesses find it by its value.
                if let Some(r) = op.result_at(0) {
                    let v: Value = r.into();
                    if let Ok(Some(a)) = b.access(v, false, op) {
                        if b.stream.buffers[a.buffer].lram {
                            node.defines = Some(a.buffer);
                        }
                    }
                }
            }
            n if PURE_OPS.contains(&n) || VIEW_OPS.contains(&n) => node.kind = Kind::Pure,
            "torq_hl.load" | "torq_hl.store" => {
                let is_load = name == "torq_hl.load";
                node.kind = if is_load { Kind::Load } else { Kind::Store };
                node.name = if is_load {
                    loads = loads.saturating_add(1);
                    format!("L{loads}")
                } else {
                    stores = stores.saturating_add(1);
                    format!("S{stores}")
                };
                let (out, inp) = (
                    op.operand_at(0)
                        .ok_or_else(|| Builder::err(op, "has no operand 0"))?,
                    op.operand_at(1)
                        .ok_or_else(|| Builder::err(op, "has no operand 1"))?,
                );
                // The transfer checked (direction, sizes), whatever the
                // host's verifier did; the annotated counts, when there,
                // range-checked.
                let transfer = super::transfer(op).map_err(|m| Builder::err(op, m))?;
                let count = |name| super::attr_count(op, name).map_err(|m| Builder::err(op, m));
                let bytes = count("torq-async-bytes")?.unwrap_or(transfer.bytes);
                let dir = if is_load {
                    Direction::In
                } else {
                    Direction::Out
                };
                node.duration = match count("torq-async-duration-cycles")? {
                    Some(c) => c,
                    None => hw.transfer_cycles(bytes, dir),
                };
                // The XRAM side touches the hull of its strided chunks,
                // from its view's first byte (within the view: checked).
                let touched = |a: Access| Access {
                    end: a.end.min(a.start.saturating_add(transfer.xram_extent)),
                    ..a
                };
                let (inp_acc, out_acc) = (b.access(inp, false, op)?, b.access(out, true, op)?);
                let (inp_acc, out_acc) = if is_load {
                    (inp_acc.map(touched), out_acc)
                } else {
                    (inp_acc, out_acc.map(touched))
                };
                node.accesses.extend(inp_acc);
                node.accesses.extend(out_acc);
            }
            "torq_hl.start_program" => {
                let inv = op
                    .operand_at(0)
                    .ok_or_else(|| Builder::err(op, "has no operand 0"))?;
                let create = invocation_maker(inv);
                let program_op = create.and_then(|c| c.operand_at(0)).and_then(owner_of);
                let wait = waits.get(&vkey(inv)).copied().filter(|&w| w > i);
                if let Some(slice) = start_slice(op, hw.slices)? {
                    if wait.is_none() {
                        // Started and never waited for: a barrier that holds
                        // its slice, and its buffers, to the block's end
                        // (StreamGraph lists the end among their users).
                        node.holds_slice = Some(slice as u32);
                        let acc = b.start_accesses(op, program_op.as_ref())?;
                        node.accesses.extend(acc);
                    }
                    if let (Some(create), Some(program_op), Some(_)) = (create, program_op, wait) {
                        let slice = slice as i64;
                        let p = b.stream.programs.len();
                        node.kind = Kind::Start;
                        node.program = Some(p);
                        node.name = format!(
                            "start {}",
                            super::attr_str(&program_op, "name").unwrap_or_default()
                        );
                        let acc = b.start_accesses(op, Some(&program_op))?;
                        node.accesses.extend(acc);
                        b.stream.programs.push(Program {
                            name: super::attr_str(&program_op, "name").unwrap_or_default(),
                            start: i,
                            wait: usize::MAX,
                            compute: program_compute(&program_op)?,
                            input_slice: slice as u32,
                        });
                        invocations.push(create);
                        started.insert(vkey(inv), p);
                    }
                }
            }
            "torq_hl.wait_program" => {
                let k = inv_key(op).unwrap_or(0);
                if let Some(&p) = started.get(&k) {
                    if b.stream.programs[p].wait == usize::MAX {
                        node.kind = Kind::Wait;
                        node.program = Some(p);
                        node.name = format!("wait {}", b.stream.programs[p].name);
                        b.stream.programs[p].wait = i;
                    }
                }
                // A wait without a start before it in its block:
                // ir::facts::check_function, before every pass.
            }
            _ => {
                if let Some(d) = super::attr_count(op, "torq-async-duration-cycles")
                    .map_err(|m| Builder::err(op, m))?
                {
                    node.duration = d;
                }
                // A barrier keeps its place; its accesses (conservatively
                // writes) matter to the allocation of its buffers.
                let mut visit = |o: OperationRef<'c, 'a>,
                                 acc: &mut Vec<Access>|
                 -> Result<(), TranslateError<'c>> {
                    for v in o.operands() {
                        // Best effort: an operand the model cannot size is not tracked.
                        if let Ok(a) = b.access(v, true, op) {
                            acc.extend(a);
                        }
                    }
                    Ok(())
                };
                let mut acc = Vec::new();
                visit(*op, &mut acc)?;
                let mut nested = Vec::new();
                super::walk_nested(*op, &mut |o| nested.push(o));
                for o in nested {
                    visit(o, &mut acc)?;
                }
                node.accesses = acc;
            }
        }
        // The bounds the scheduler's arithmetic relies on, at the op.
        if node.duration > MAX_CYCLES {
            return Err(Builder::err(
                op,
                format!(
                    "takes {} cycles; the scheduler takes at most 2^40 per op",
                    node.duration
                ),
            ));
        }
        if let Some(p) = node.program.filter(|_| node.kind == Kind::Start) {
            let compute = b.stream.programs[p].compute;
            if compute > MAX_CYCLES {
                return Err(Builder::err(
                    op,
                    format!("starts a program of {compute} compute cycles; the scheduler takes at most 2^40"),
                ));
            }
        }
        b.node_of.insert(key(op), i);
        b.ops.push(*op);
        b.stream.nodes.push(node);
    }
    b.stream.validate().map_err(|e| TranslateError {
        notes: Vec::new(),
        loc: block_loc(),
        message: e.to_string(),
    })?;
    Ok(BlockStream {
        stream: b.stream,
        ops: b.ops,
        invocations,
    })
}

/// simulateStream: the makespan of a block as it stands (an allocated
/// block: swaps included, in its own order), by the time model of spec §2.
pub fn simulate_block(
    block: BlockRef,
    hw: &Hw,
) -> Result<crate::sched::simulate::SimResult, String> {
    let bs = block_to_stream(block, hw).map_err(|e| e.message)?;
    let s = &bs.stream;
    let g = crate::sched::graph::StreamGraph::build(s);
    Ok(crate::sched::simulate::simulate_order(
        s,
        &g,
        &s.input_order(),
        &s.input_slices(),
    ))
}
