//! listSchedule: the list scheduler of spec §5.
//!
//! A classic list scheduler on a simulated clock: keep the ready actions
//! (all predecessors emitted) in four queues, oldest first by input order,
//! and at each step emit one by the first rule that applies:
//!
//! 1. a ready barrier;
//! 2. a slice is free: the oldest ready start (at most `window` looked at)
//!    whose new buffers all get a real address under `cap`, on the first free
//!    slice; if none fits and no slice runs, the oldest ready start anyway;
//! 3. the DMA engine: the oldest ready load or store (at most `window`) that
//!    fits, if it can start before the first running program ends. A store
//!    always fits; a load for one of the next `urgent_starts` programs may
//!    fill `cap`, any other load only `prefetch_cap`; every load leaves a
//!    reserve for the largest program that starts before its consumer;
//! 4. the wait of the slice that ends first;
//! 5. progress: the oldest ready load or store, else the oldest ready wait,
//!    else the oldest ready start.
//!
//! "Oldest" is the spec's FIFO; `Policy` can put another priority in its
//! place (the longest remaining path, as HEFT's upward rank; the longest
//! program; Johnson's rule for load-then-compute), ties still by input order: `list_schedule` is FIFO,
//! `list_schedule_with` takes a policy.
//!
//! Emitting an action first emits the pure ops it needs. Time and LRAM
//! lifetimes are played by `simulate::Machine` and `simulate::Lifetimes`,
//! addresses by `LramAddressSpace`. Rule 3's reserve is an index (`Reserve`: the
//! unborn bytes of each unstarted program in a max segment tree over the
//! upcoming order), so a load asks only the programs that could exceed it,
//! the one found last first. Rule 3 looks at no transfer when the engine is
//! busy past the first program's end; a load's unborn bytes are kept per
//! load (`LoadBytes`) and tested before its consumer's urgency, so a full
//! LRAM costs a step O(window) array reads.
//! Cost per step: O(window x buffers per action), plus the reserve's
//! O(log programs) per program it asks.

use super::graph::StreamGraph;
use super::simulate::{Lifetimes, Machine};
use super::stream::{BufferId, Kind, NodeId, ProgramId, Stream};
use crate::lram::LramAddressSpace;
use serde::Serialize;
use smallvec::SmallVec;
use std::collections::BTreeSet;
use std::ops::Bound;

/// A node's new buffers, or their placements: a few, kept inline (a list
/// schedule allocates nothing per step).
type Few<T> = SmallVec<[T; 4]>;

/// The order in which ready starts and ready transfers are looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Policy {
    /// The spec: oldest first (input order).
    #[default]
    Fifo,
    /// The longest remaining path first: HEFT's upward rank over the stream
    /// graph, transfers and compute on it (a start costs its program).
    CriticalPath,
    /// The longest program first; a transfer by the program it feeds.
    LongestCompute,
    /// Johnson's rule for the two-stage flow shop "load, then compute": the
    /// programs whose loads take no longer than their compute first, by
    /// shortest load; then the others, by longest compute. A transfer goes
    /// by the program it feeds.
    Johnson,
}

impl Policy {
    pub const ALL: [Policy; 4] = [
        Policy::Fifo,
        Policy::CriticalPath,
        Policy::LongestCompute,
        Policy::Johnson,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Policy::Fifo => "fifo",
            Policy::CriticalPath => "critical-path",
            Policy::LongestCompute => "longest-compute",
            Policy::Johnson => "johnson",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Per node: the key that orders the ready queues (smaller first).
    fn keys(self, stream: &Stream, graph: &StreamGraph) -> Vec<i64> {
        let n = stream.nodes.len();
        let cost = |v: NodeId| -> u64 {
            let node = &stream.nodes[v];
            match node.kind {
                Kind::Start => node.program.map_or(0, |p| stream.programs[p].compute),
                Kind::Load | Kind::Store | Kind::Barrier => node.duration,
                Kind::Wait | Kind::Pure => 0,
            }
        };
        let neg = |x: u64| i64::try_from(x).map_or(-i64::MAX, i64::saturating_neg);
        match self {
            Policy::Fifo => vec![0; n],
            Policy::CriticalPath => {
                // Node ids follow the input order, a topological order of the
                // graph.
                let order: Vec<NodeId> = (0..n).collect();
                let rank = super::paths::longest_tails(graph, &order, cost, |p, _| cost(p));
                rank.into_iter().map(neg).collect()
            }
            Policy::LongestCompute => {
                let key: Vec<i64> = stream.programs.iter().map(|p| neg(p.compute)).collect();
                by_program(stream, graph, &key)
            }
            Policy::Johnson => {
                // Per program: its loads' time (the loads it is the first
                // consumer of) against its compute.
                let mut load = vec![0u64; stream.programs.len()];
                for (v, node) in stream.nodes.iter().enumerate() {
                    if let (Kind::Load, Some(p)) = (node.kind, graph.first_consumer[v]) {
                        load[p] = load[p].saturating_add(node.duration);
                    }
                }
                const LATE: i64 = 1 << 62;
                let key: Vec<i64> = stream
                    .programs
                    .iter()
                    .zip(&load)
                    .map(|(p, &a)| {
                        if a <= p.compute {
                            i64::try_from(a).map_or(LATE - 1, |a| a.min(LATE - 1))
                        } else {
                            LATE.saturating_add(neg(p.compute))
                        }
                    })
                    .collect();
                by_program(stream, graph, &key)
            }
        }
    }
}

/// Per node: the key of the program it serves (a start its own, a load or
/// store the program it feeds), 0 for anything else.
fn by_program(stream: &Stream, graph: &StreamGraph, program_key: &[i64]) -> Vec<i64> {
    (0..stream.nodes.len())
        .map(|v| {
            let node = &stream.nodes[v];
            let program = match node.kind {
                Kind::Start => node.program,
                Kind::Load | Kind::Store => graph.first_consumer[v],
                _ => None,
            };
            program.map_or(0, |p| program_key[p])
        })
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ListParams {
    /// LRAM the scheduler may fill, in bytes.
    pub cap: u64,
    /// What loads for programs beyond the next `urgent_starts` may fill.
    pub prefetch_cap: u64,
    /// How many upcoming programs count as near.
    pub urgent_starts: usize,
    /// Ready candidates looked at per step.
    pub window: usize,
    /// Fit by bytes alone instead of first-fit addresses: the model of
    /// offline placement (`LramAddressSpace::bytes_only`). False is the spec.
    pub bytes_only: bool,
    /// The upcoming programs (which loads are near, the reserve) in the
    /// order of the queues' keys instead of the input's.
    pub upcoming_by_key: bool,
}

impl ListParams {
    /// The spec's defaults on `usable` bytes: cap 100%, prefetch 40% of cap,
    /// 4 urgent starts, 32 candidates.
    /// The pass's defaults (passes/TorqOptions.def) under `usable` bytes.
    pub fn new(usable: u64) -> Self {
        use crate::option_table::defaults as d;
        Self::with(
            usable,
            d::TORQ_LIST_CAP_PERCENT as u64,
            d::TORQ_LIST_PREFETCH_PERCENT as u64,
            d::TORQ_LIST_URGENT_STARTS as usize,
            d::TORQ_LIST_WINDOW as usize,
        )
    }

    pub fn with(
        usable: u64,
        cap_percent: u64,
        prefetch_percent: u64,
        urgent: usize,
        window: usize,
    ) -> Self {
        let cap = usable.saturating_mul(cap_percent) / 100;
        ListParams {
            cap,
            prefetch_cap: cap.saturating_mul(prefetch_percent) / 100,
            urgent_starts: urgent,
            window,
            bytes_only: false,
            upcoming_by_key: false,
        }
    }
}

/// Which rule of the decision order emitted an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Rule {
    Barrier,
    Start,
    ForcedStart,
    Dma,
    Wait,
    Progress,
}

impl Rule {
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Barrier => "1: barrier ready",
            Rule::Start => "2: ready start fits, first free slice",
            Rule::ForcedStart => "2: nothing fits, nothing runs: forced start",
            Rule::Dma => "3: load/store fits, starts before the first running program ends",
            Rule::Wait => "4: wait for the slice that ends first",
            Rule::Progress => "5: progress",
        }
    }
}

/// One step of the schedule, for explain output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub t_before: u64,
    /// Per slice, before the step: the running program and when it ends.
    pub slices: Vec<Option<(ProgramId, u64)>>,
    pub rule: Rule,
    pub node: NodeId,
    /// The slice a start went to.
    pub slice: Option<u32>,
    pub t_after: u64,
    pub live_after: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Schedule {
    /// Every node of the stream, in the new order.
    pub order: Vec<NodeId>,
    /// Per program: the slice it runs on.
    pub slice_of: Vec<u32>,
    pub makespan: u64,
    pub peak_live_bytes: u64,
    /// Buffers that got no address under cap (forced actions).
    pub unplaced_buffers: usize,
    pub steps: Vec<Step>,
}

impl Schedule {
    /// An order found outside the list scheduler, with the makespan and
    /// peak live bytes its finder played it at (`simulate_order`'s).
    pub fn played(order: Vec<NodeId>, slice_of: Vec<u32>, makespan: u64, peak: u64) -> Self {
        Schedule {
            order,
            slice_of,
            makespan,
            peak_live_bytes: peak,
            unplaced_buffers: 0,
            steps: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    #[error("the dependence graph has a cycle")]
    Cycle,
    #[error("no action is ready with {left} left (malformed stream)")]
    Stuck { left: usize },
}

/// Rule 3's reserve as an index: a max segment tree over the programs in
/// the upcoming order (`rank`), holding each unstarted program's unborn
/// bytes (0 once started), so that "does a program before the consumer
/// have more than `room` bytes to bring to life" looks only at the programs
/// above `room` instead of every unstarted one (a flow shop of 20,000
/// programs under a priority policy asked that of thousands per load).
#[derive(Default)]
struct Reserve {
    /// Per program: its position in the upcoming order.
    rank: Vec<usize>,
    /// Per position: the program there.
    at: Vec<ProgramId>,
    /// Per buffer: the programs whose start takes it (with multiplicity).
    takers: Vec<Vec<ProgramId>>,
    /// Leaves from `size`; node i holds the max of 2i and 2i + 1.
    tree: Vec<u64>,
    size: usize,
    /// The program the last query that said yes found.
    last: Option<ProgramId>,
}

#[expect(
    clippy::arithmetic_side_effects,
    reason = "positions index a tree of 2 x size nodes, size < 2 x programs; byte sums are one program's buffers, below 2^63 (sched::stream bounds), and a subtraction takes off bytes added before"
)]
impl Reserve {
    fn new(stream: &Stream, graph: &StreamGraph, upcoming: &BTreeSet<(i64, NodeId)>) -> Self {
        let n = stream.programs.len();
        let at: Vec<ProgramId> = upcoming
            .iter()
            .filter_map(|&(_, s)| stream.nodes[s].program)
            .collect();
        let mut rank = vec![0; n];
        for (i, &q) in at.iter().enumerate() {
            rank[q] = i;
        }
        let mut takers = vec![Vec::new(); stream.buffers.len()];
        for (q, bufs) in graph.start_buffers.iter().enumerate() {
            for &b in bufs {
                takers[b].push(q);
            }
        }
        let size = n.next_power_of_two().max(1);
        let mut tree = vec![0u64; 2 * size];
        for (q, bufs) in graph.start_buffers.iter().enumerate() {
            tree[size + rank[q]] = bufs.iter().map(|&b| stream.buffers[b].bytes).sum();
        }
        for i in (1..size).rev() {
            tree[i] = tree[2 * i].max(tree[2 * i + 1]);
        }
        Reserve {
            rank,
            at,
            takers,
            tree,
            size,
            last: None,
        }
    }

    fn set(&mut self, q: ProgramId, value: u64) {
        let mut i = self.size + self.rank[q];
        self.tree[i] = value;
        while i > 1 {
            i /= 2;
            self.tree[i] = self.tree[2 * i].max(self.tree[2 * i + 1]);
        }
    }

    fn sub(&mut self, q: ProgramId, bytes: u64) {
        let v = self.tree[self.size + self.rank[q]].saturating_sub(bytes);
        self.set(q, v);
    }

    fn started(&mut self, q: ProgramId) {
        self.set(q, 0);
    }

    /// Whether a program at a position below `end` with more than `room`
    /// in the index satisfies `exact` (the exact test, which the index
    /// bounds from above).
    fn any_above(
        &mut self,
        end: usize,
        room: u64,
        exact: &mut dyn FnMut(ProgramId) -> bool,
    ) -> bool {
        // The last program found first: the same large unstarted program
        // usually holds back every transfer looked at until it starts, and
        // testing it is testing one leaf of the walk below.
        if let Some(q) = self.last {
            let at = self.rank[q];
            if at < end && self.tree[self.size + at] > room && exact(q) {
                return true;
            }
        }
        // Nodes (index, first position, width) covering [0, end).
        let mut stack = vec![(1usize, 0usize, self.size)];
        while let Some((i, lo, width)) = stack.pop() {
            if lo >= end || self.tree[i] <= room {
                continue;
            }
            if width == 1 {
                if lo < self.at.len() && exact(self.at[lo]) {
                    self.last = Some(self.at[lo]);
                    return true;
                }
                continue;
            }
            let half = width / 2;
            // Right child first on the stack: positions in upcoming order.
            stack.push((2 * i + 1, lo + half, half));
            stack.push((2 * i, lo, half));
        }
        false
    }
}

/// Per load: the bytes of its LRAM buffers not born yet (rule 3's first
/// test, asked of up to `window` loads a step), kept as buffers are born.
#[derive(Default)]
struct LoadBytes {
    /// Per node: whether it is a load.
    is_load: Vec<bool>,
    unborn: Vec<u64>,
    /// Per buffer, the loads that access it: `loads[first[b]..first[b + 1]]`.
    first: Vec<usize>,
    loads: Vec<NodeId>,
}

#[expect(
    clippy::arithmetic_side_effects,
    reason = "counts index vectors of one block's nodes and buffers; a byte total is a sum of one load's buffers, below 2^63 (sched::stream bounds), and a subtraction takes off bytes added before"
)]
impl LoadBytes {
    fn new(stream: &Stream, graph: &StreamGraph) -> Self {
        let mut unborn = vec![0u64; stream.nodes.len()];
        let mut count = vec![0usize; stream.buffers.len() + 1];
        for (v, node) in stream.nodes.iter().enumerate() {
            if node.kind == Kind::Load {
                for &b in &graph.lram_buffers[v] {
                    unborn[v] += stream.buffers[b].bytes;
                    count[b + 1] += 1;
                }
            }
        }
        for b in 1..count.len() {
            count[b] += count[b - 1];
        }
        let first = count.clone();
        let mut loads = vec![0; count[stream.buffers.len()]];
        for (v, node) in stream.nodes.iter().enumerate() {
            if node.kind == Kind::Load {
                for &b in &graph.lram_buffers[v] {
                    loads[count[b]] = v;
                    count[b] += 1;
                }
            }
        }
        LoadBytes {
            is_load: stream.nodes.iter().map(|n| n.kind == Kind::Load).collect(),
            unborn,
            first,
            loads,
        }
    }

    fn birth(&mut self, b: BufferId, bytes: u64) {
        for &v in &self.loads[self.first[b]..self.first[b + 1]] {
            self.unborn[v] -= bytes;
        }
    }
}

struct State<'a> {
    stream: &'a Stream,
    graph: &'a StreamGraph,
    params: ListParams,
    machine: Machine,
    life: Lifetimes,
    space: LramAddressSpace,
    addr: Vec<Option<u64>>,
    unplaced: usize,
    indeg: Vec<usize>,
    /// Ready starts and transfers by (policy key, node).
    ready_starts: BTreeSet<(i64, NodeId)>,
    ready_dmas: BTreeSet<(i64, NodeId)>,
    key: Vec<i64>,
    ready_waits: BTreeSet<NodeId>,
    ready_barriers: BTreeSet<NodeId>,
    /// Scratch: the ready starts or transfers a step looks at (at most
    /// `window`), copied out of their queue.
    ready: Vec<(i64, NodeId)>,
    /// Start nodes of programs not started yet, upcoming first (`ukey`,
    /// then input order).
    unstarted: BTreeSet<(i64, NodeId)>,
    /// The last of the first `urgent_starts` of them (rule 3's "near":
    /// an unstarted program up to it), kept as programs start.
    near_last: Option<(i64, NodeId)>,
    /// Per program: started.
    started: Vec<bool>,
    /// Rule 3's reserve, indexed: per unstarted program (in the upcoming
    /// order) the bytes it still has to bring to life.
    reserve: Reserve,
    loads: LoadBytes,
    order: Vec<NodeId>,
    slice_of: Vec<u32>,
    steps: Vec<Step>,
    explain: bool,
}

impl<'a> State<'a> {
    /// The order of upcoming programs (rules 2 and 3's "near" and reserve):
    /// the input's, or with `ListParams::upcoming_by_key` the ready queues'.
    fn ukey(&self, start: NodeId) -> i64 {
        if self.params.upcoming_by_key {
            self.key[start]
        } else {
            0
        }
    }

    fn make_ready(&mut self, v: NodeId) {
        let set = match self.stream.nodes[v].kind {
            Kind::Start => {
                self.ready_starts.insert((self.key[v], v));
                return;
            }
            Kind::Load | Kind::Store => {
                self.ready_dmas.insert((self.key[v], v));
                return;
            }
            Kind::Wait => &mut self.ready_waits,
            Kind::Barrier => &mut self.ready_barriers,
            Kind::Pure => return,
        };
        set.insert(v);
    }

    /// Tries to give every buffer in `new` an address; all or nothing.
    fn place(&mut self, new: &[BufferId]) -> Option<Few<(BufferId, u64)>> {
        let mut got = Few::new();
        for &b in new {
            match self.space.alloc(self.stream.buffers[b].bytes) {
                Some(off) => got.push((b, off)),
                None => {
                    for &(_, off) in &got {
                        self.space.free(off);
                    }
                    return None;
                }
            }
        }
        Some(got)
    }

    /// The slice start `v` would take now, if any.
    fn slice_for(&self, v: NodeId) -> Option<usize> {
        self.stream.nodes[v]
            .program
            .and_then(|p| self.machine.free_slice_for(p))
    }

    fn new_buffers(&self, v: NodeId) -> Few<BufferId> {
        self.life.new_buffers(self.graph, v).collect()
    }

    /// Emits `v` (its pure deps first); `placed` are addresses already taken
    /// for its new buffers; other new buffers are placed now or left unplaced.
    fn emit(&mut self, v: NodeId, rule: Rule, slice: Option<u32>, placed: Few<(BufferId, u64)>) {
        let (t_before, slices_before) = if self.explain {
            let m = &self.machine;
            (
                m.clock.t,
                (0..m.slots.len())
                    .map(|s| m.slots[s].prog.map(|p| (p, m.clock.ends[s])))
                    .collect(),
            )
        } else {
            (0, vec![])
        };
        for (b, off) in placed {
            self.addr[b] = Some(off);
            self.birth(b);
        }
        for b in self.new_buffers(v) {
            match self.space.alloc(self.stream.buffers[b].bytes) {
                Some(off) => self.addr[b] = Some(off),
                None => self.unplaced = self.unplaced.saturating_add(1),
            }
            self.birth(b);
        }
        self.order.push(v);
        let node = &self.stream.nodes[v];
        if let (Some(s), Some(p)) = (slice, node.program) {
            self.slice_of[p] = s;
        }
        if node.kind == Kind::Start {
            let gone = (self.ukey(v), v);
            self.unstarted.remove(&gone);
            // The near window moves on by one when a program in it starts.
            if let Some(last) = self.near_last.filter(|&last| gone <= last) {
                self.near_last = self
                    .unstarted
                    .range((Bound::Excluded(last), Bound::Unbounded))
                    .next()
                    .or_else(|| self.unstarted.last())
                    .copied();
            }
            if let Some(p) = node.program {
                self.started[p] = true;
                self.reserve.started(p);
            }
        }
        self.machine.apply(self.stream, v, slice);
        for b in self.life.release(self.stream, self.graph, v) {
            if let Some(off) = self.addr[b].take() {
                self.space.free(off);
            }
        }
        let graph = self.graph;
        for s in graph.succs(v) {
            self.indeg[s] = self.indeg[s].saturating_sub(1);
            if self.indeg[s] == 0 {
                self.make_ready(s);
            }
        }
        tracing::trace!(
            target: "torq-prefetch-inputs",
            node = v,
            name = %self.stream.nodes[v].name,
            ?rule,
            ?slice,
            t = self.machine.clock.t,
            live = self.life.live,
            "list step"
        );
        if self.explain {
            self.steps.push(Step {
                t_before,
                slices: slices_before,
                rule,
                node: v,
                slice,
                t_after: self.machine.clock.t,
                live_after: self.life.live,
            });
        }
    }

    fn is_urgent(&self, p: ProgramId) -> bool {
        let start = self.stream.programs[p].start;
        !self.started[p]
            && self
                .near_last
                .is_some_and(|last| (self.ukey(start), start) <= last)
    }

    /// Brings buffer `b` to life (once), and takes its bytes off the
    /// reserve index of every program that takes it.
    fn birth(&mut self, b: BufferId) {
        if self.life.born[b] {
            return;
        }
        self.life.birth(self.stream, b);
        let bytes = self.stream.buffers[b].bytes;
        self.loads.birth(b, bytes);
        let takers = std::mem::take(&mut self.reserve.takers[b]);
        for &q in &takers {
            self.reserve.sub(q, bytes);
        }
        self.reserve.takers[b] = takers;
    }

    /// Bytes program `q` still has to bring to life (buffers not born),
    /// other than `except`.
    fn program_new_bytes(&self, q: ProgramId, except: &[BufferId]) -> u64 {
        self.graph.start_buffers[q]
            .iter()
            .filter(|b| !self.life.born[**b] && !except.contains(b))
            .map(|&b| self.stream.buffers[b].bytes)
            .sum()
    }

    /// Rule 3's fit test for a load or store; Some(placements) when it fits.
    fn dma_fits(&mut self, v: NodeId) -> Option<Few<(BufferId, u64)>> {
        // Only loads and stores are ready transfers.
        if !self.loads.is_load[v] {
            return Some(Few::new());
        }
        // The bytes first, kept per load: most transfers looked at in a
        // full LRAM fail on them, before their consumer is asked about.
        let bytes = self.loads.unborn[v];
        if bytes == 0 && self.life.new_buffers(self.graph, v).next().is_none() {
            return Some(Few::new());
        }
        let base = self.life.live.saturating_add(bytes);
        if base > self.params.cap.max(self.params.prefetch_cap) {
            return None;
        }
        let consumer = self.graph.first_consumer[v];
        let urgent = consumer.is_none_or(|p| self.is_urgent(p));
        let limit = if urgent {
            self.params.cap
        } else {
            self.params.prefetch_cap
        };
        if base > limit {
            return None;
        }
        let new = self.new_buffers(v);
        // The reserve: the largest program that starts before the consumer
        // (unstarted, upcoming first) must still fit beside the load: no
        // such program may have more bytes to bring to life than `room`.
        // Its bytes other than the load's own are at most its unborn bytes
        // (the index's value), so only programs above `room` there are
        // looked at.
        if let Some(c) = consumer {
            let room = limit.saturating_sub(base);
            let before = self.reserve.rank[c];
            let mut reserve = std::mem::take(&mut self.reserve);
            let mut exceeds = |q: ProgramId| self.program_new_bytes(q, &new) > room;
            let held = reserve.any_above(before, room, &mut exceeds);
            self.reserve = reserve;
            if held {
                return None;
            }
        }
        self.place(&new)
    }

    fn step(&mut self) -> Result<(), ScheduleError> {
        // 1. A barrier.
        if let Some(b) = self.ready_barriers.pop_first() {
            self.emit(b, Rule::Barrier, None, Few::new());
            return Ok(());
        }
        // 2. A free slice takes the oldest ready start that fits.
        // (Each start on the first slice it may take: one a start without a
        // wait takes during its run is not one, `Machine::free_slice_for`.)
        if self.machine.free_slice().is_some() {
            let mut ready = std::mem::take(&mut self.ready);
            ready.clear();
            ready.extend(self.ready_starts.iter().take(self.params.window));
            let mut chosen = None;
            for &(k, v) in &ready {
                let Some(slice) = self.slice_for(v) else {
                    continue;
                };
                let new = self.new_buffers(v);
                if let Some(placed) = self.place(&new) {
                    chosen = Some((k, v, slice, placed));
                    break;
                }
            }
            self.ready = ready;
            if let Some((k, v, slice, placed)) = chosen {
                self.ready_starts.remove(&(k, v));
                self.emit(v, Rule::Start, Some(slice as u32), placed);
                return Ok(());
            }
            if !self.machine.any_running() {
                let first = self
                    .ready_starts
                    .iter()
                    .find_map(|&(k, v)| self.slice_for(v).map(|s| (k, v, s)));
                if let Some((k, v, slice)) = first {
                    self.ready_starts.remove(&(k, v));
                    self.emit(v, Rule::ForcedStart, Some(slice as u32), Few::new());
                    return Ok(());
                }
            }
        }
        // 3. The DMA engine: the oldest ready load/store that fits.
        // A transfer begins when the engine is free, whichever it is: when
        // that is after the first running program ends, rule 3 takes none
        // and no transfer need be looked at.
        let earliest_end = self.machine.first_to_end().map(|(_, _, end)| end);
        let begin = self.machine.clock.t.max(self.machine.clock.dma_free);
        let mut chosen = None;
        if earliest_end.is_none_or(|end| begin <= end) {
            let mut ready = std::mem::take(&mut self.ready);
            ready.clear();
            ready.extend(self.ready_dmas.iter().take(self.params.window));
            for &(k, v) in &ready {
                if let Some(placed) = self.dma_fits(v) {
                    chosen = Some((k, v, placed));
                    break;
                }
            }
            self.ready = ready;
        }
        if let Some((k, v, placed)) = chosen {
            self.ready_dmas.remove(&(k, v));
            self.emit(v, Rule::Dma, None, placed);
            return Ok(());
        }
        // 4. The wait of the slice that ends first.
        if let Some((_, p, _)) = self.machine.first_to_end() {
            let w = self.stream.programs[p].wait;
            if self.ready_waits.remove(&w) {
                self.emit(w, Rule::Wait, None, Few::new());
                return Ok(());
            }
        }
        // 5. Progress.
        if let Some((_, v)) = self.ready_dmas.pop_first() {
            self.emit(v, Rule::Progress, None, Few::new());
        } else if let Some(v) = self.ready_waits.pop_first() {
            self.emit(v, Rule::Progress, None, Few::new());
        } else if let Some((k, v, slice)) = self
            .ready_starts
            .iter()
            .find_map(|&(k, v)| self.slice_for(v).map(|s| (k, v, s)))
        {
            self.ready_starts.remove(&(k, v));
            self.emit(v, Rule::Progress, Some(slice as u32), Few::new());
        } else {
            let left = self.indeg.len().saturating_sub(self.order.len());
            return Err(ScheduleError::Stuck { left });
        }
        Ok(())
    }
}

/// Schedules `stream` as the spec does (FIFO). `explain` records every step.
pub fn list_schedule(
    stream: &Stream,
    graph: &StreamGraph,
    params: ListParams,
    explain: bool,
) -> Result<Schedule, ScheduleError> {
    list_schedule_with(stream, graph, params, Policy::Fifo, explain)
}

/// Schedules `stream` with the ready queues ordered by `policy`.
pub fn list_schedule_with(
    stream: &Stream,
    graph: &StreamGraph,
    params: ListParams,
    policy: Policy,
    explain: bool,
) -> Result<Schedule, ScheduleError> {
    list_schedule_keyed(stream, graph, params, policy.keys(stream, graph), explain)
}

/// Per node: the ready-queue key of a priority given per program (smaller
/// first): a start its program's, a load or store the program it feeds.
pub fn program_keys(stream: &Stream, graph: &StreamGraph, program_key: &[i64]) -> Vec<i64> {
    by_program(stream, graph, program_key)
}

/// Schedules `stream` with the ready queues ordered by `key` (per node,
/// smaller first; ties by input order).
pub fn list_schedule_keyed(
    stream: &Stream,
    graph: &StreamGraph,
    params: ListParams,
    key: Vec<i64>,
    explain: bool,
) -> Result<Schedule, ScheduleError> {
    let n = stream.nodes.len();
    let mut indeg = vec![0; n];
    for (v, d) in indeg.iter_mut().enumerate() {
        *d = graph.preds(v).count();
    }
    let mut st = State {
        stream,
        graph,
        params,
        machine: Machine::new(stream),
        life: Lifetimes::new(stream, graph),
        space: if params.bytes_only {
            LramAddressSpace::bytes_only(params.cap)
        } else {
            LramAddressSpace::new(params.cap)
        },
        addr: vec![None; stream.buffers.len()],
        unplaced: 0,
        indeg,
        ready_starts: BTreeSet::new(),
        ready_dmas: BTreeSet::new(),
        key,
        ready_waits: BTreeSet::new(),
        ready_barriers: BTreeSet::new(),
        ready: Vec::new(),
        unstarted: BTreeSet::new(),
        near_last: None,
        started: vec![false; stream.programs.len()],
        reserve: Reserve::default(),
        loads: LoadBytes::new(stream, graph),
        order: Vec::with_capacity(n),
        slice_of: stream.input_slices(),
        steps: Vec::new(),
        explain,
    };
    st.unstarted = stream
        .programs
        .iter()
        .map(|p| (st.ukey(p.start), p.start))
        .collect();
    st.reserve = Reserve::new(stream, graph, &st.unstarted);
    st.near_last = match st.params.urgent_starts {
        0 => None,
        k => st
            .unstarted
            .iter()
            .nth(k.saturating_sub(1))
            .or_else(|| st.unstarted.last())
            .copied(),
    };
    let scheduled: Vec<NodeId> = (0..n)
        .filter(|&v| stream.nodes[v].kind != Kind::Pure)
        .collect();
    for &v in &scheduled {
        if st.indeg[v] == 0 {
            st.make_ready(v);
        }
    }
    let mut emitted = 0;
    while emitted < scheduled.len() {
        let before = st.order.len();
        st.step().map_err(|e| match e {
            ScheduleError::Stuck { .. } if graph.has_cycle() => ScheduleError::Cycle,
            ScheduleError::Stuck { .. } => ScheduleError::Stuck {
                left: scheduled.len().saturating_sub(emitted),
            },
            e => e,
        })?;
        debug_assert!(st.order.len() > before);
        emitted = emitted.saturating_add(1);
    }
    Ok(Schedule {
        order: graph.complete_order(&st.order),
        slice_of: st.slice_of,
        makespan: st.machine.makespan(),
        peak_live_bytes: st.life.peak,
        unplaced_buffers: st.unplaced,
        steps: st.steps,
    })
}

#[cfg(test)]
mod reserve_tests {
    use super::Reserve;
    use crate::rng::Rng;

    /// The index answers as the walk over every earlier program did: for
    /// random values, updates and queries, `any_above` with an exact test
    /// equals the brute-force scan of the positions below `end`.
    #[test]
    fn the_index_answers_as_the_scan() {
        let mut rng = Rng::new(7);
        for case in 0..200u64 {
            let n = 1 + (case as usize % 37);
            let mut value: Vec<u64> = (0..n).map(|_| rng.range(0, 999)).collect();
            let order: Vec<usize> = {
                let mut o: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    o.swap(i, rng.range(0, i as u64) as usize);
                }
                o
            };
            let size = n.next_power_of_two();
            let mut r = Reserve {
                rank: vec![0; n],
                at: order.clone(),
                takers: Vec::new(),
                tree: vec![0; 2 * size],
                size,
                last: None,
            };
            for (i, &q) in order.iter().enumerate() {
                r.rank[q] = i;
            }
            for (q, &v) in value.iter().enumerate() {
                r.set(q, v);
            }
            for _ in 0..50 {
                match rng.range(0, 2) {
                    0 => {
                        let q = rng.range(0, n as u64 - 1) as usize;
                        let b = rng.range(0, 299);
                        r.sub(q, b);
                        value[q] = value[q].saturating_sub(b);
                    }
                    1 => {
                        let q = rng.range(0, n as u64 - 1) as usize;
                        r.started(q);
                        value[q] = 0;
                    }
                    _ => {}
                }
                let end = rng.range(0, n as u64) as usize;
                let room = rng.range(0, 999);
                // The exact test: at most the index's value (here: half of
                // it, or all of it for even programs).
                let exact = |q: usize| {
                    let v = if q % 2 == 0 { value[q] } else { value[q] / 2 };
                    v > room
                };
                let scan = order[..end].iter().any(|&q| exact(q));
                let mut calls = 0;
                let mut counted = |q: usize| {
                    calls += 1;
                    exact(q)
                };
                assert_eq!(r.any_above(end, room, &mut counted), scan, "case {case}");
                // Only programs above `room` in the index are asked (the
                // last one found perhaps twice).
                assert!(calls <= 1 + order[..end].iter().filter(|&&q| value[q] > room).count());
            }
        }
    }
}
