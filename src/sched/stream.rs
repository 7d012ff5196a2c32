//! The stream model: one block of the NSS control stream as plain data.
//!
//! Every op of the block is a `Node` of one of six kinds (spec §4). Nodes are
//! in input order and a `NodeId` is the op's position in the block.

use serde::Serialize;

pub type NodeId = usize;
pub type BufferId = usize;
pub type ProgramId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Kind {
    /// memref.alloc, constants, views, invocations, program bodies: not
    /// scheduled, emitted just before the first action that needs it.
    Pure,
    /// torq_hl.load: on the DMA engine, blocks the stream.
    Load,
    /// torq_hl.store: on the DMA engine, blocks the stream.
    Store,
    /// start_program of a slice invocation: asynchronous, on a slice.
    Start,
    /// its matching wait_program: blocks until the program ends.
    Wait,
    /// anything else (host/CSS ops, a start without a wait, the terminator):
    /// keeps its place relative to everything else.
    Barrier,
}

impl Kind {
    pub fn is_dma(self) -> bool {
        matches!(self, Kind::Load | Kind::Store)
    }
}

/// A byte range `[start, end)` of a buffer that a node reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Access {
    pub buffer: BufferId,
    pub start: u64,
    pub end: u64,
    pub write: bool,
}

impl Access {
    pub fn overlaps(&self, other: &Access) -> bool {
        self.buffer == other.buffer && self.start < other.end && other.start < self.end
    }

    pub fn covers(&self, other: &Access) -> bool {
        self.buffer == other.buffer && self.start <= other.start && other.end <= self.end
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Node {
    pub kind: Kind,
    /// A short label for explain output and traces (`L1`, `start P1`, ...).
    pub name: String,
    /// Cycles: a load's or store's transfer, a barrier's cost. A start's
    /// compute is its program's `compute`.
    pub duration: u64,
    /// Nodes of this block whose results this node uses, inside its regions too.
    pub operands: Vec<NodeId>,
    /// Buffers touched. A start lists what its program touches.
    pub accesses: Vec<Access>,
    /// For a start or a wait: its program.
    pub program: Option<ProgramId>,
    /// For the pure node that allocates an LRAM buffer (its memref.alloc).
    pub defines: Option<BufferId>,
    /// For a barrier that starts a slice program it never waits for: the
    /// slice it holds from here to the end of the block. **No program may
    /// start on a held slice.**
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds_slice: Option<u32>,
}

impl Node {
    pub fn new(kind: Kind, name: impl Into<String>) -> Self {
        Node {
            kind,
            name: name.into(),
            duration: 0,
            operands: vec![],
            accesses: vec![],
            program: None,
            defines: None,
            holds_slice: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Buffer {
    pub name: String,
    /// The size the allocator reserves (encoded bytes).
    pub bytes: u64,
    /// Only LRAM buffers are modelled in the LRAM address space.
    pub lram: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Program {
    pub name: String,
    pub start: NodeId,
    pub wait: NodeId,
    /// Cycles: the sum of max_cycle over the program's slice_profiling ops.
    pub compute: u64,
    /// The slice the input assigns (the invocation's executor_id).
    pub input_slice: u32,
}

/// One block of the stream.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stream {
    pub nodes: Vec<Node>,
    pub buffers: Vec<Buffer>,
    pub programs: Vec<Program>,
    /// Number of slices that run programs.
    pub slices: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreamError {
    #[error("{0}: the stream needs at least one slice")]
    NoSlices(String),
    #[error("node {node} uses node {operand}, which does not come before it")]
    BadOperand { node: NodeId, operand: NodeId },
    #[error("node {node} accesses buffer {buffer}, which does not exist")]
    BadBuffer { node: NodeId, buffer: BufferId },
    #[error("program {program} is malformed: {what}")]
    BadProgram {
        program: ProgramId,
        what: &'static str,
    },
    #[error("program {program} runs on slice {slice}, but there are {slices} slices")]
    BadSlice {
        program: ProgramId,
        slice: u32,
        slices: u32,
    },
    #[error("node {node} ({kind:?}) has no program, or a program that does not name it")]
    Unpaired { node: NodeId, kind: Kind },
    #[error("too large for the scheduler: {0}")]
    TooLarge(String),
}

/// The most nodes one stream may hold (2^22: 4M ops in one block).
pub const MAX_NODES: usize = 1 << 22;
/// The most cycles one node may take (a transfer, a program's compute, a
/// barrier): 2^40, about 18 minutes at 1 GHz.
pub const MAX_CYCLES: u64 = 1 << 40;
/// The most bytes one buffer may hold: 2^40.
pub const MAX_BYTES: u64 = 1 << 40;

// Every time the scheduler computes is a sum of at most MAX_NODES node
// durations and computes, and every byte total a sum of at most MAX_NODES
// buffers: below 2^62, so the core's u64 arithmetic on them cannot
// overflow (the reasons of its `clippy::arithmetic_side_effects`
// expectations cite these bounds).
const _: () = assert!((MAX_NODES as u64) * 2 * MAX_CYCLES <= 1 << 63);

impl Stream {
    /// Checks the structural rules the scheduler relies on: operands come
    /// first, accesses name real buffers, every start/wait pair is one
    /// program with the start first; and the bounds its arithmetic relies
    /// on (`MAX_NODES`, `MAX_CYCLES`, `MAX_BYTES`).
    pub fn validate(&self) -> Result<(), StreamError> {
        if self.slices == 0 {
            return Err(StreamError::NoSlices("stream".into()));
        }
        if self.nodes.len() > MAX_NODES {
            return Err(StreamError::TooLarge(format!(
                "{} ops in one block (at most 2^22)",
                self.nodes.len()
            )));
        }
        if let Some(b) = self.buffers.iter().find(|b| b.bytes > MAX_BYTES) {
            return Err(StreamError::TooLarge(format!(
                "buffer {} of {} bytes (at most 2^40)",
                b.name, b.bytes
            )));
        }
        if let Some(p) = self.programs.iter().find(|p| p.compute > MAX_CYCLES) {
            return Err(StreamError::TooLarge(format!(
                "program {} of {} compute cycles (at most 2^40)",
                p.name, p.compute
            )));
        }
        for (i, n) in self.nodes.iter().enumerate() {
            if n.duration > MAX_CYCLES {
                return Err(StreamError::TooLarge(format!(
                    "node {i} ({}) of {} cycles (at most 2^40)",
                    n.name, n.duration
                )));
            }
            if let Some(&op) = n.operands.iter().find(|&&o| o >= i) {
                return Err(StreamError::BadOperand {
                    node: i,
                    operand: op,
                });
            }
            if let Some(a) = n.accesses.iter().find(|a| a.buffer >= self.buffers.len()) {
                return Err(StreamError::BadBuffer {
                    node: i,
                    buffer: a.buffer,
                });
            }
            if matches!(n.kind, Kind::Start | Kind::Wait) {
                let ok = n
                    .program
                    .and_then(|p| self.programs.get(p))
                    .is_some_and(|p| {
                        (n.kind == Kind::Start && p.start == i)
                            || (n.kind == Kind::Wait && p.wait == i)
                    });
                if !ok {
                    return Err(StreamError::Unpaired {
                        node: i,
                        kind: n.kind,
                    });
                }
            }
        }
        for (pi, p) in self.programs.iter().enumerate() {
            let bad = |what| Err(StreamError::BadProgram { program: pi, what });
            if p.start >= self.nodes.len() || p.wait >= self.nodes.len() {
                return bad("start or wait out of range");
            }
            if self.nodes[p.start].kind != Kind::Start || self.nodes[p.wait].kind != Kind::Wait {
                return bad("start/wait nodes of the wrong kind");
            }
            if p.start >= p.wait {
                return bad("wait before start");
            }
            if p.input_slice >= self.slices {
                return Err(StreamError::BadSlice {
                    program: pi,
                    slice: p.input_slice,
                    slices: self.slices,
                });
            }
        }
        Ok(())
    }

    /// The compute cycles of a start node (0 for other nodes).
    pub fn compute_of(&self, node: NodeId) -> u64 {
        match (self.nodes[node].kind, self.nodes[node].program) {
            (Kind::Start, Some(p)) => self.programs[p].compute,
            _ => 0,
        }
    }

    /// The input order: every node in block order.
    pub fn input_order(&self) -> Vec<NodeId> {
        (0..self.nodes.len()).collect()
    }

    /// The slices the input assigns, per program.
    pub fn input_slices(&self) -> Vec<u32> {
        self.programs.iter().map(|p| p.input_slice).collect()
    }
}
