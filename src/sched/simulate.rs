//! simulateOrder: the time model of spec §2, and the LRAM lifetime model of
//! §4, for any order of a stream.
//!
//! | op | time |
//! |---|---|
//! | load, store | `t = max(t, dmaFree) + dur; dmaFree = t` (one DMA engine) |
//! | start | slice busy until `t + compute`; `t += 1` |
//! | wait | `t = max(t, sliceEnd)` |
//! | barrier | `t += dur` |
//!
//! makespan = `max(t, dmaFree)` after the last op. A buffer is live from the
//! emission of its first user to the emission of its last (a program's use
//! ends at its wait). The list scheduler drives the same `Machine`, so its
//! prediction and this simulation cannot drift apart.

use super::graph::StreamGraph;
use super::stream::{Kind, NodeId, ProgramId, Stream};
use serde::Serialize;
use smallvec::SmallVec;
use std::sync::Arc;

/// One interval on a lane of the timeline (for traces).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Interval {
    pub lane: Lane,
    pub node: NodeId,
    pub begin: u64,
    pub end: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Lane {
    Dma,
    Slice(u32),
    Stream,
}

/// What runs on one slice: the same after every order of the same starts,
/// waits and barriers (transfers do not touch it), so a search over where
/// transfers go keeps one per step and only the `Clock`s of its states.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    /// The program running (not yet waited for).
    pub prog: Option<ProgramId>,
    /// Held to the end by a start without a wait.
    pub held: bool,
}

/// The times of the machine: the stream's clock, the DMA engine, and when
/// the program started last on each slice ends. Cloning it copies a few
/// words (the slices sit inline up to `INLINE_SLICES`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub t: u64,
    pub dma_free: u64,
    /// Per slice.
    pub ends: SmallVec<[u64; INLINE_SLICES]>,
}

impl Clone for Clock {
    fn clone(&self) -> Self {
        Clock {
            t: self.t,
            dma_free: self.dma_free,
            ends: SmallVec::from_slice(&self.ends),
        }
    }
}

impl Clock {
    /// **The time model of one step** (the table above), the one place it
    /// is written: node `v` (on `slice` for a start), with `slots` what runs
    /// where before it. Returns its busy interval.
    #[inline]
    pub fn step(
        &mut self,
        stream: &Stream,
        slots: &[Slot],
        v: NodeId,
        slice: Option<u32>,
    ) -> Option<Interval> {
        let node = &stream.nodes[v];
        match node.kind {
            Kind::Pure => None,
            Kind::Load | Kind::Store => {
                let begin = self.transfer(node.duration);
                Some(Interval {
                    lane: Lane::Dma,
                    node: v,
                    begin,
                    end: self.t,
                })
            }
            Kind::Start => {
                let s = slice.expect("a start needs a slice") as usize;
                let p = node.program.expect("a start has a program");
                // A start on a busy slice waits for it (never in a valid order).
                let begin = self.t.max(if slots[s].prog.is_some() {
                    self.ends[s]
                } else {
                    0
                });
                self.ends[s] = begin.saturating_add(stream.programs[p].compute);
                self.t = begin.saturating_add(1);
                Some(Interval {
                    lane: Lane::Slice(s as u32),
                    node: v,
                    begin,
                    end: self.ends[s],
                })
            }
            Kind::Wait => {
                let p = node.program.expect("a wait has a program");
                if let Some(s) = slots.iter().position(|q| q.prog == Some(p)) {
                    self.t = self.t.max(self.ends[s]);
                }
                None
            }
            Kind::Barrier => {
                let begin = self.t;
                self.t = self.t.saturating_add(node.duration);
                Some(Interval {
                    lane: Lane::Stream,
                    node: v,
                    begin,
                    end: self.t,
                })
            }
        }
    }

    /// A transfer of `cycles` on the one DMA engine; returns its begin.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "times are sums over one block's nodes, below 2^63 by the bounds Stream::validate checks"
    )]
    pub fn transfer(&mut self, cycles: u64) -> u64 {
        let begin = self.t.max(self.dma_free);
        self.t = begin + cycles;
        self.dma_free = self.t;
        begin
    }

    pub fn makespan(&self) -> u64 {
        self.t.max(self.dma_free)
    }
}

/// The clock and the units. Cloning it is cheap (the search clones one
/// per state): the slices sit inline up to `INLINE_SLICES`, and the
/// per-program facts of the stream are shared.
#[derive(Clone, Debug)]
pub struct Machine {
    pub clock: Clock,
    /// Per slice.
    pub slots: SmallVec<[Slot; INLINE_SLICES]>,
    /// Per program: the slices held by a start without a wait that lies
    /// between its start and its wait (barriers keep their place, so in
    /// every order): the program may not run on them. Shared by clones.
    held_across: Arc<[Vec<u32>]>,
}

/// Slices a `Machine` keeps without a heap allocation (the targets have
/// 2 or 4).
pub const INLINE_SLICES: usize = 4;

impl Machine {
    /// The machine at time 0 for `stream`. Cost: linear in its nodes.
    pub fn new(stream: &Stream) -> Self {
        let slices = stream.slices as usize;
        Machine {
            clock: Clock {
                t: 0,
                dma_free: 0,
                ends: smallvec::smallvec![0; slices],
            },
            slots: smallvec::smallvec![Slot::default(); slices],
            held_across: held_across(stream).into(),
        }
    }

    /// Plays node `v` (on `slice` for a start); returns its busy interval.
    /// It plays the orders `check::check_order` accepts (every candidate is
    /// checked before it is played or committed): a start has a slice of the
    /// target, a wait follows its start. A wait whose program is not running
    /// (already waited for) costs nothing: a documented default, not an
    /// error, so that replaying a prefix of an order is well defined.
    #[inline]
    pub fn apply(&mut self, stream: &Stream, v: NodeId, slice: Option<u32>) -> Option<Interval> {
        let interval = self.clock.step(stream, &self.slots, v, slice);
        self.occupy(stream, v, slice);
        interval
    }

    /// What node `v` (on `slice` for a start) changes of what runs where.
    #[inline]
    pub fn occupy(&mut self, stream: &Stream, v: NodeId, slice: Option<u32>) {
        let node = &stream.nodes[v];
        match node.kind {
            Kind::Start => {
                let s = slice.expect("a start needs a slice") as usize;
                self.slots[s].prog = node.program;
            }
            Kind::Wait => {
                let p = node.program.expect("a wait has a program");
                if let Some(slot) = self.slots.iter_mut().find(|q| q.prog == Some(p)) {
                    slot.prog = None;
                }
            }
            Kind::Barrier => {
                if let Some(slot) = node
                    .holds_slice
                    .and_then(|s| self.slots.get_mut(s as usize))
                {
                    slot.held = true;
                }
            }
            Kind::Pure | Kind::Load | Kind::Store => {}
        }
    }

    pub fn makespan(&self) -> u64 {
        self.clock.makespan()
    }

    /// The running program that ends first: (slice, program, end).
    pub fn first_to_end(&self) -> Option<(usize, ProgramId, u64)> {
        (0..self.slots.len())
            .filter_map(|s| self.slots[s].prog.map(|p| (s, p, self.clock.ends[s])))
            .min_by_key(|&(s, _, end)| (end, s))
    }

    /// The slice node `v` plays on under the first-free rule: a start takes
    /// the first slice that runs nothing and is not held, any other node
    /// none (`Some(None)`); None when a start finds no such slice.
    pub fn first_free_for(&self, stream: &Stream, v: NodeId) -> Option<Option<u32>> {
        match (stream.nodes[v].kind, stream.nodes[v].program) {
            (Kind::Start, Some(p)) => self.free_slice_for(p).map(|s| Some(s as u32)),
            (Kind::Start, None) => self.free_slice().map(|s| Some(s as u32)),
            _ => Some(None),
        }
    }

    /// The first slice that runs nothing and is not held.
    pub fn free_slice(&self) -> Option<usize> {
        (0..self.slots.len()).find(|&s| self.slots[s].prog.is_none() && !self.slots[s].held)
    }

    /// The first slice program `p` may start on: it runs nothing, is not
    /// held, and no start without a wait takes it while `p` would run.
    pub fn free_slice_for(&self, p: ProgramId) -> Option<usize> {
        let across = self.held_across.get(p).map_or(&[][..], Vec::as_slice);
        (0..self.slots.len()).find(|&s| {
            self.slots[s].prog.is_none() && !self.slots[s].held && !across.contains(&(s as u32))
        })
    }

    /// The same state for every later step: the clock, the DMA engine, and
    /// per slice what runs, until when, and whether it is held (when a
    /// slice is stale once nothing runs on it).
    pub fn same_as(&self, other: &Machine) -> bool {
        self.trails(other) && other.trails(self)
    }

    /// No earlier than `other` in anything that times a later step, with
    /// the same programs on the same slices: every order played from here
    /// ends no earlier than from `other` (each step is monotone in the
    /// clock, the DMA engine and the slices' ends, and the slice a start
    /// takes depends only on what runs where).
    pub fn trails(&self, other: &Machine) -> bool {
        let (a, b) = (&self.clock, &other.clock);
        a.t >= b.t
            && a.dma_free >= b.dma_free
            && self.slots.len() == other.slots.len()
            && (0..self.slots.len()).all(|s| {
                let (x, y) = (self.slots[s], other.slots[s]);
                x.prog == y.prog && x.held == y.held && (x.prog.is_none() || a.ends[s] >= b.ends[s])
            })
    }

    pub fn any_running(&self) -> bool {
        self.slots.iter().any(|s| s.prog.is_some())
    }
}

/// Per program, the slices that a start without a wait takes between the
/// program's start and its wait in the input order (one sweep: the
/// programs open at a held start are at most one per slice).
pub fn held_across(stream: &Stream) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new(); stream.programs.len()];
    if !stream.nodes.iter().any(|n| n.holds_slice.is_some()) {
        return out;
    }
    let mut open: Vec<ProgramId> = Vec::new();
    for (v, node) in stream.nodes.iter().enumerate() {
        match (node.kind, node.program) {
            (Kind::Start, Some(p)) => open.push(p),
            (Kind::Wait, Some(p)) => open.retain(|&q| q != p),
            _ => {}
        }
        if let Some(s) = node.holds_slice {
            for &p in &open {
                if stream.programs[p].start < v && v < stream.programs[p].wait {
                    out[p].push(s);
                }
            }
        }
    }
    out
}

/// Live LRAM bytes over an order: births at first use, deaths at last use.
#[derive(Clone, Debug)]
pub struct Lifetimes {
    pub born: Vec<bool>,
    pub remaining: Vec<usize>,
    pub live: u64,
    pub peak: u64,
}

impl Lifetimes {
    pub fn new(stream: &Stream, graph: &StreamGraph) -> Self {
        Lifetimes {
            born: vec![false; stream.buffers.len()],
            remaining: graph.buffer_users.iter().map(Vec::len).collect(),
            live: 0,
            peak: 0,
        }
    }

    /// The LRAM buffers node `v` would bring to life.
    pub fn new_buffers<'s>(
        &'s self,
        graph: &'s StreamGraph,
        v: NodeId,
    ) -> impl Iterator<Item = usize> + 's {
        graph.lram_buffers[v]
            .iter()
            .copied()
            .filter(|&b| !self.born[b])
    }
    pub fn birth(&mut self, stream: &Stream, b: usize) {
        if !self.born[b] {
            self.born[b] = true;
            self.live = self.live.saturating_add(stream.buffers[b].bytes);
            self.peak = self.peak.max(self.live);
        }
    }

    /// Ends the uses `v` ends; returns the buffers that died.
    pub fn release(
        &mut self,
        stream: &Stream,
        graph: &StreamGraph,
        v: NodeId,
    ) -> smallvec::SmallVec<[usize; 8]> {
        let mut dead = smallvec::SmallVec::new();
        for &b in &graph.releases[v] {
            self.remaining[b] = self.remaining[b].saturating_sub(1);
            if self.remaining[b] == 0 && self.born[b] && stream.buffers[b].lram {
                self.live = self.live.saturating_sub(stream.buffers[b].bytes);
                dead.push(b);
            }
        }
        dead
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimResult {
    pub makespan: u64,
    pub peak_live_bytes: u64,
    pub intervals: Vec<Interval>,
    /// (time, live LRAM bytes) after each change.
    pub lram_samples: Vec<(u64, u64)>,
}

/// The peak live LRAM bytes of `order` (all nodes, pure ones included or
/// not): `simulate_order`'s, without playing the times.
pub fn peak_live_bytes(stream: &Stream, graph: &StreamGraph, order: &[NodeId]) -> u64 {
    let mut life = Lifetimes::new(stream, graph);
    for &v in order {
        if stream.nodes[v].kind == Kind::Pure {
            continue;
        }
        let new: smallvec::SmallVec<[usize; 8]> = life.new_buffers(graph, v).collect();
        for b in new {
            life.birth(stream, b);
        }
        life.release(stream, graph, v);
    }
    life.peak
}

/// Prices `order` (all nodes, pure ones included or not) with `slice_of` per
/// program.
pub fn simulate_order(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
) -> SimResult {
    let mut m = Machine::new(stream);
    let mut life = Lifetimes::new(stream, graph);
    let mut intervals = Vec::new();
    let mut lram_samples = Vec::new();
    for &v in order {
        let node = &stream.nodes[v];
        if node.kind == Kind::Pure {
            continue;
        }
        let before = m.clock.t;
        let new: Vec<usize> = life.new_buffers(graph, v).collect();
        for b in new {
            life.birth(stream, b);
        }
        if life.live != lram_samples.last().map_or(0, |s: &(u64, u64)| s.1) {
            lram_samples.push((before, life.live));
        }
        let slice = node.program.map(|p| slice_of[p]);
        if let Some(iv) = m.apply(stream, v, slice) {
            intervals.push(iv);
        }
        if !life.release(stream, graph, v).is_empty() {
            lram_samples.push((m.clock.t, life.live));
        }
    }
    SimResult {
        makespan: m.makespan(),
        peak_live_bytes: life.peak,
        intervals,
        lram_samples,
    }
}
