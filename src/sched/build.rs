//! StreamBuilder: streams by hand, for tests, benchmarks and the corpus
//! generator. It writes the SSA operands a real block would have: every user
//! of a buffer uses the op that defines it (its alloc), a start and its wait
//! use the program's invocation.

#![allow(
    clippy::arithmetic_side_effects,
    reason = "a generator of test inputs (testkit), not the product path: its sizes are small constants"
)]

use super::stream::{Access, Buffer, BufferId, Kind, Node, NodeId, Program, ProgramId, Stream};

pub struct StreamBuilder {
    stream: Stream,
    def_of: Vec<Option<NodeId>>,
    invocation_of: Vec<NodeId>,
}

impl StreamBuilder {
    pub fn new(slices: u32) -> Self {
        StreamBuilder {
            stream: Stream {
                slices,
                ..Default::default()
            },
            def_of: vec![],
            invocation_of: vec![],
        }
    }

    fn push(&mut self, node: Node) -> NodeId {
        self.stream.nodes.push(node);
        self.stream.nodes.len() - 1
    }

    /// An XRAM buffer defined outside the block (a function argument).
    pub fn xram(&mut self, name: &str, bytes: u64) -> BufferId {
        self.stream.buffers.push(Buffer {
            name: name.into(),
            bytes,
            lram: false,
        });
        self.def_of.push(None);
        self.stream.buffers.len() - 1
    }

    /// An LRAM buffer and its memref.alloc (a pure node, here in the input).
    pub fn lram(&mut self, name: &str, bytes: u64) -> BufferId {
        self.stream.buffers.push(Buffer {
            name: name.into(),
            bytes,
            lram: true,
        });
        let mut node = Node::new(Kind::Pure, format!("alloc {name}"));
        node.defines = Some(self.stream.buffers.len() - 1);
        let alloc = self.push(node);
        self.def_of.push(Some(alloc));
        self.stream.buffers.len() - 1
    }

    fn operands_for(&self, buffers: &[BufferId]) -> Vec<NodeId> {
        let mut ops: Vec<NodeId> = buffers.iter().filter_map(|&b| self.def_of[b]).collect();
        ops.sort_unstable();
        ops.dedup();
        ops
    }

    fn full(&self, b: BufferId, write: bool) -> Access {
        Access {
            buffer: b,
            start: 0,
            end: self.stream.buffers[b].bytes,
            write,
        }
    }

    fn dma(
        &mut self,
        kind: Kind,
        name: &str,
        duration: u64,
        src: BufferId,
        dst: BufferId,
    ) -> NodeId {
        let mut n = Node::new(kind, name);
        n.duration = duration;
        n.operands = self.operands_for(&[src, dst]);
        n.accesses = vec![self.full(src, false), self.full(dst, true)];
        self.push(n)
    }

    pub fn load(&mut self, name: &str, duration: u64, src: BufferId, dst: BufferId) -> NodeId {
        self.dma(Kind::Load, name, duration, src, dst)
    }

    pub fn store(&mut self, name: &str, duration: u64, src: BufferId, dst: BufferId) -> NodeId {
        self.dma(Kind::Store, name, duration, src, dst)
    }

    /// A program (its create_invocation and its start) reading `reads` and
    /// writing `writes`; `wait` adds the wait later.
    pub fn start(
        &mut self,
        name: &str,
        compute: u64,
        reads: &[BufferId],
        writes: &[BufferId],
        input_slice: u32,
    ) -> ProgramId {
        let inv = self.push(Node::new(Kind::Pure, format!("invocation {name}")));
        let p = self.stream.programs.len();
        let mut n = Node::new(Kind::Start, format!("start {name}"));
        let all: Vec<BufferId> = reads.iter().chain(writes).copied().collect();
        n.operands = self.operands_for(&all);
        n.operands.push(inv);
        n.accesses = reads.iter().map(|&b| self.full(b, false)).collect();
        n.accesses
            .extend(writes.iter().map(|&b| self.full(b, true)));
        n.program = Some(p);
        let start = self.push(n);
        self.stream.programs.push(Program {
            name: name.into(),
            start,
            wait: usize::MAX,
            compute,
            input_slice,
        });
        self.invocation_of.push(inv);
        p
    }

    pub fn wait(&mut self, p: ProgramId) -> NodeId {
        let mut n = Node::new(Kind::Wait, format!("wait {}", self.stream.programs[p].name));
        n.operands = vec![self.invocation_of[p]];
        n.program = Some(p);
        let w = self.push(n);
        self.stream.programs[p].wait = w;
        w
    }

    pub fn barrier(&mut self, name: &str, duration: u64) -> NodeId {
        let mut n = Node::new(Kind::Barrier, name);
        n.duration = duration;
        self.push(n)
    }

    /// A slice start without a wait: a barrier that holds `slice` to the end.
    pub fn held_start(&mut self, name: &str, slice: u32) -> NodeId {
        self.held_start_with(name, slice, &[], &[])
    }

    /// A slice start without a wait that takes buffers: it reads `reads`
    /// and writes `writes` to the end of the block.
    pub fn held_start_with(
        &mut self,
        name: &str,
        slice: u32,
        reads: &[BufferId],
        writes: &[BufferId],
    ) -> NodeId {
        let mut n = Node::new(Kind::Barrier, name);
        n.holds_slice = Some(slice);
        let all: Vec<BufferId> = reads.iter().chain(writes).copied().collect();
        n.operands = self.operands_for(&all);
        n.accesses = reads.iter().map(|&b| self.full(b, false)).collect();
        n.accesses
            .extend(writes.iter().map(|&b| self.full(b, true)));
        self.push(n)
    }

    pub fn build(self) -> Stream {
        self.stream
    }
}

/// The spec's worked example 1 (§6): three 100-cycle programs, 30-cycle
/// loads, P3 reads P1's output, a 20-cycle store; all on slice 0.
pub fn worked_example_1() -> Stream {
    let mut b = StreamBuilder::new(2);
    let (w1, w2, w3, out) = (
        b.xram("w1", 140),
        b.xram("w2", 140),
        b.xram("w3", 140),
        b.xram("out", 95),
    );
    let l1 = b.lram("l1", 140);
    b.load("L1", 30, w1, l1);
    let o1 = b.lram("o1", 95);
    let p1 = b.start("P1", 100, &[l1], &[o1], 0);
    b.wait(p1);
    let l2 = b.lram("l2", 140);
    b.load("L2", 30, w2, l2);
    let o2 = b.lram("o2", 95);
    let p2 = b.start("P2", 100, &[l2], &[o2], 0);
    b.wait(p2);
    let l3 = b.lram("l3", 140);
    b.load("L3", 30, w3, l3);
    let o3 = b.lram("o3", 95);
    let p3 = b.start("P3", 100, &[l3, o1], &[o3], 0);
    b.wait(p3);
    b.store("S3", 20, o3, out);
    b.barrier("return", 0);
    b.build()
}
