//! The improvement search: a local search over stream orders, every
//! candidate priced after allocation (`price::price_or_failure`), so the
//! allocator's holes and swaps are the authority, not a model of them.
//!
//! # Why
//!
//! The list scheduler and the oracle reason about live bytes. Where buffers
//! of a third of LRAM each come and go, the two-ended first-fit allocator
//! leaves holes that no live-byte model sees: the oracle's best order may not
//! place at all, and the list scheduler's rules (start whenever a slice is
//! free) cannot express the orders that keep the DMA engine busy while one
//! program runs. Searching near those orders with the allocator in the loop
//! closes that gap.
//!
//! # The search
//!
//! Orders are sequences of the scheduled nodes (pure ops are put back by
//! `StreamGraph::complete_order`); slices are not searched: every start takes
//! the first free slice that is not held (`first_free_slices`), which loses
//! nothing while the slices are identical, and a sequence that would start a
//! program with no slice free is not a candidate. Two moves, drawn by a
//! seeded generator (deterministic):
//!
//! - *swap two programs*: the start, the wait and the loads feeding each of
//!   two programs with the same number of such loads trade places (which
//!   program runs in which slot of the stream);
//! - *shift one node* by one to four places, earlier or later.
//!
//! A candidate that breaks a StreamGraph dependence is dropped before it is
//! priced. The walk is on the time model, and the allocator prices only
//! the candidates that may become the start's best. Each candidate gets a
//! key from one play of the time model and a count of its live bytes:
//! (0, its predicted makespan) when its live bytes fit LRAM, else (1, the
//! bytes over LRAM: the slope that leads an order that must swap to one
//! that need not). A candidate whose key is no worse than the current
//! point's is taken (plateaus are walked); one predicted faster than the
//! start's best placed order is first priced after allocation, and taken
//! only if its price is no worse than the current key (an order the
//! allocator cannot place ranks last). The prediction is a lower bound of
//! the price (allocation only adds transfers), so a taken candidate is
//! never worse than the point it replaces as far as anything priced says,
//! and the best is always an order the allocator placed. Walking plateaus
//! costs plays of the time model, not allocator runs: the allocator runs
//! once per candidate that could beat the best, which is what makes the
//! higher effort affordable (a walk that priced every tie ran the
//! allocator for nine moves in ten).
//!
//! Each start (the oracle's best order, the best list schedule after
//! allocation) gets an equal share of the move budget (under offline
//! placement, a start the allocator cannot place walks only when no start
//! places: such walks, from the oracle's order on 60 programs of
//! 45%-of-LRAM tiles, spent their share and never placed); a start that goes
//! `patience` moves without a strict improvement is kicked (four random
//! moves from its best order, taken whatever they predict), and the search
//! stops when it reaches `bound` (the lower bound, or under effort by the
//! gap the bound plus the gap).
//!
//! # The DMA-order descent (`polish`)
//!
//! The cheap, deterministic sibling that the default runs: no random moves,
//! a fixed neighbourhood (each load or store shifted by up to
//! `POLISH_SHIFT` places, or traded with one of the next `POLISH_TRADE`
//! transfers; and two programs' slots traded, a program's slot being its
//! start, its wait, the loads it first consumes and the stores of what it
//! wrote, for programs at most `POLISH_SLOT_SPAN` apart with slots of the
//! same size: the interleaving of compute-heavy with transfer-heavy
//! programs that no one-transfer move reaches), visited cyclically, first
//! improvement taken; a neighbour is
//! priced only when the time model says it is faster and its live bytes fit
//! LRAM.
//!
//! Both searches ask, from an order placed without a swap, only whether a
//! candidate places without one (`Pricer::price_swap_free`: the
//! allocator's own steps with swaps off, the same price whenever it places
//! without a swap): a candidate that needs swaps is not taken there, and
//! the allocator's half that chooses swaps (the packings after next-use
//! eviction) is not run for it.
//!
//! The descent starts from the chosen list schedule and from the input order (on the
//! mixed-weight chains of the LLM corpus each start wins somewhere). Each
//! start goes first through the transfer windows (`super::window`: a few
//! transfers at a time placed exactly on the time model, which reaches the
//! rotations no one-transfer move does); their order is priced and taken
//! when it places faster. A later start then descends only when its
//! windowed order is already faster than the best an earlier start
//! reached (the input order, two to three times slower than the list
//! schedule on most blocks, won through its windows, never through its
//! moves, over the corpus); with the windows off, every start descends.
//!
//! A move changes a stretch of the order, and the descent keeps the time
//! model's state before every position of its current order
//! (`Checkpoints`): a neighbour's dependences are checked on the stretch,
//! and it is played from the stretch's start until its state equals or
//! trails the current order's (the time model is monotone), with the same
//! answers as a full check and a full play.
//!
//! # Long blocks
//!
//! Above [`MAX_NODES`] scheduled nodes both searches decline a block:
//! their moves play, count and price the whole order. There, at the
//! levels that pay for it (`decide::LONG_WINDOW_EXPANSIONS`), the
//! improvement stage runs `long_windows` instead: the transfer windows
//! judged at each window's end (`window::windows_long`), a budget of DP
//! expansions per scheduled node, and at most two allocator runs, however
//! long the block.
//!
//! Cost: per move O(stretch x degree) for the dependence check and one
//! play of the time model from the stretch on, usually short; for a
//! neighbour that plays faster, O(nodes + buffer uses) for the live bytes;
//! per move taken, O(nodes) to renew the checkpoints; plus one allocator
//! run (O(ops x buffers x free ranges), and the offline packing's node
//! budget) when priced.

use super::pool::Pricer;
use super::price::Unplaced;
use super::window::{windows, windows_long, WindowEffort};
use crate::budget::Budget;
use crate::sched::graph::StreamGraph;
use crate::sched::simulate::Machine;
use crate::sched::stream::{Kind, NodeId, Stream};
use serde::Serialize;

/// The search's shape (its moves are a [`Budget`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ImproveLimits {
    /// Moves without a strict improvement after which a start is kicked.
    pub patience: u64,
    /// Scheduled nodes above which the search declines the block.
    pub max_nodes: usize,
}

/// Scheduled nodes above which the improvement search and the DMA-order
/// descent decline a block.
pub const MAX_NODES: usize = 1000;

/// Free transfers one transfer window places exactly (`window::MAX_TRANSFERS`
/// at most).
pub const WINDOW_TRANSFERS: usize = 6;

/// Free transfers one long-block window places (`long_windows`): fewer
/// than the descent's [`WINDOW_TRANSFERS`], since a window's DP grows as
/// 2^transfers and a long block has many windows to pay for.
pub const LONG_WINDOW_TRANSFERS: usize = 3;

/// The long-block windows first spend one of this many shares of their
/// budget, and their order is priced after allocation: only an order that
/// places faster than the start is searched on with the rest.
pub const LONG_FIRST_SHARES: u64 = 8;

/// The order the long-block windows start from, as the pool has it: its
/// slices and its price after allocation.
#[derive(Clone, Copy, Debug)]
pub struct LongStart<'s> {
    pub order: &'s [NodeId],
    pub slice_of: &'s [u32],
    pub swaps: usize,
    pub makespan: u64,
    /// Its makespan and peak live bytes on the time model.
    pub predicted: u64,
    pub peak_live_bytes: u64,
}

impl Default for ImproveLimits {
    fn default() -> Self {
        ImproveLimits {
            patience: 1000,
            max_nodes: MAX_NODES,
        }
    }
}

/// What a search spent: moves drawn, moves that kept every dependence,
/// allocator runs, moves taken, and kicks of a stalled start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Effort {
    pub moves: u64,
    pub valid: u64,
    pub priced: u64,
    pub taken: u64,
    pub kicks: u64,
    /// The transfer windows (`polish` only).
    pub windows: WindowEffort,
    /// Starts not walked because they do not place while another does
    /// (offline placement only; `improve`).
    #[serde(skip)]
    pub unplaced_skipped: u64,
}

impl Effort {
    /// `self` plus `other`.
    pub fn add(&mut self, other: &Effort) {
        self.moves = self.moves.saturating_add(other.moves);
        self.valid = self.valid.saturating_add(other.valid);
        self.priced = self.priced.saturating_add(other.priced);
        self.taken = self.taken.saturating_add(other.taken);
        self.kicks = self.kicks.saturating_add(other.kicks);
        self.windows.add(other.windows);
        self.unplaced_skipped = self.unplaced_skipped.saturating_add(other.unplaced_skipped);
    }
}

/// The search's best order, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Improved {
    /// Complete order (pure nodes included) and the slice of each program.
    pub order: Vec<NodeId>,
    pub slice_of: Vec<u32>,
    /// Swaps and makespan after allocation.
    pub swaps: usize,
    pub makespan: u64,
    /// Its makespan and peak live LRAM bytes on the time model (the
    /// makespan as the search played it).
    pub predicted: u64,
    pub peak_live_bytes: u64,
    /// Which start it came from (index into the starts given).
    pub start: usize,
    /// The fastest start after allocation (None: none placed).
    pub from: Option<u64>,
    pub effort: Effort,
}

impl Improved {
    /// The result of a search whose best placed point is `best` (from start
    /// `.0`).
    fn of(
        stream: &Stream,
        graph: &StreamGraph,
        best: Option<(usize, Point)>,
        from: Option<u64>,
        effort: Effort,
    ) -> Result<Improved, ImproveError> {
        let (start, p) = best.ok_or(ImproveError::NothingPlaces)?;
        let order = graph.complete_order(&p.seq);
        let peak_live_bytes = crate::sched::simulate::peak_live_bytes(stream, graph, &order);
        Ok(Improved {
            order,
            slice_of: p.slices,
            swaps: p.swaps,
            makespan: p.key.1,
            predicted: p.predicted,
            peak_live_bytes,
            start,
            from,
            effort,
        })
    }
}

/// Why the search returned no order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImproveError {
    #[error("the block has {nodes} scheduled ops, above the search's limit of {limit}")]
    TooLarge { nodes: usize, limit: usize },
    #[error("no order to start from")]
    NoStart,
    #[error("no order it reached places")]
    NothingPlaces,
}

/// Smaller is better: (0, makespan) for a placed order (after allocation
/// once priced, on the time model before), (1, bytes over LRAM) for an
/// order not priced whose live bytes exceed it, (2, nodes left after the
/// allocator gave up) for one it cannot place.
type Key = (u8, u64);

/// The slice of every program when each start takes the first free slice
/// that is not held, or None when a start finds none (a program with no
/// start in `seq` keeps `default`).
pub fn first_free_slices(stream: &Stream, seq: &[NodeId], default: &[u32]) -> Option<Vec<u32>> {
    play_first_free(stream, seq, default).map(|(slices, _)| slices)
}

/// `first_free_slices` and the makespan of `seq` on them: one play of the
/// time model does both.
fn play_first_free(stream: &Stream, seq: &[NodeId], default: &[u32]) -> Option<(Vec<u32>, u64)> {
    let mut m = Machine::new(stream);
    let mut slice_of = default.to_vec();
    for &v in seq {
        let slice = m.first_free_for(stream, v)?;
        if let (Some(s), Some(p)) = (slice, stream.nodes[v].program) {
            slice_of[p] = s;
        }
        m.apply(stream, v, slice);
    }
    Some((slice_of, m.makespan()))
}

/// Per program: the start, the wait and the loads whose first consumer it is.
fn program_groups(stream: &Stream, graph: &StreamGraph) -> Vec<Vec<NodeId>> {
    let mut groups: Vec<Vec<NodeId>> = stream
        .programs
        .iter()
        .map(|p| vec![p.start, p.wait])
        .collect();
    for (v, node) in stream.nodes.iter().enumerate() {
        if node.kind == Kind::Load {
            if let Some(p) = graph.first_consumer[v] {
                groups[p].push(v);
            }
        }
    }
    groups
}

struct Search<'a, 'p> {
    stream: &'a Stream,
    graph: &'a StreamGraph,
    pricer: &'p mut Pricer<'a>,
    default_slices: Vec<u32>,
    pos: Vec<usize>,
}

impl<'a, 'p> Search<'a, 'p> {
    /// A search over the pricer's block's orders from `starts`, and its
    /// number of scheduled nodes; refused above `max_nodes` or with no start.
    fn open(
        pricer: &'p mut Pricer<'a>,
        starts: &[&[NodeId]],
        max_nodes: usize,
    ) -> Result<(Self, usize), ImproveError> {
        let (stream, graph) = (pricer.stream, pricer.graph);
        let scheduled = stream.nodes.iter().filter(|x| x.kind != Kind::Pure).count();
        if scheduled > max_nodes {
            return Err(ImproveError::TooLarge {
                nodes: scheduled,
                limit: max_nodes,
            });
        }
        if starts.is_empty() {
            return Err(ImproveError::NoStart);
        }
        let search = Search {
            stream,
            graph,
            pricer,
            default_slices: stream.input_slices(),
            pos: vec![usize::MAX; stream.nodes.len()],
        };
        Ok((search, scheduled))
    }

    /// The scheduled nodes of the complete order `start`, or None when it
    /// misses a node or breaks a dependence (no start: a graph with a cycle
    /// has none).
    fn start_seq(&mut self, start: &[NodeId], scheduled: usize) -> Option<Vec<NodeId>> {
        let seq: Vec<NodeId> = start
            .iter()
            .copied()
            .filter(|&v| self.stream.nodes[v].kind != Kind::Pure)
            .collect();
        (seq.len() == scheduled && self.keeps_dependences(&seq)).then_some(seq)
    }

    fn keeps_dependences(&mut self, seq: &[NodeId]) -> bool {
        for (i, &v) in seq.iter().enumerate() {
            self.pos[v] = i;
        }
        seq.iter()
            .all(|&v| self.graph.succs(v).all(|s| self.pos[s] > self.pos[v]))
    }

    /// [`Search::eval`], charging each allocator run it makes to `priced`
    /// (the run of a start's own pricing included, however little is left:
    /// a start is always priced).
    fn eval_within(
        &mut self,
        seq: Vec<NodeId>,
        beat: Option<u64>,
        swap_free: bool,
        effort: &mut Effort,
        priced: &mut Budget,
    ) -> Option<Point> {
        let before = effort.priced;
        let p = self.eval(seq, beat, swap_free, effort);
        priced.charge(effort.priced.saturating_sub(before));
        p
    }

    /// `seq` priced, or None when it is not a candidate (a start finds no
    /// slice, `beat` is given and its predicted makespan exceeds it, or
    /// `swap_free` is set and the allocator cannot place it without a
    /// swap: from a point placed without one, such an order is not taken,
    /// and the allocator's steps that choose swaps are not run).
    fn eval(
        &mut self,
        seq: Vec<NodeId>,
        beat: Option<u64>,
        swap_free: bool,
        effort: &mut Effort,
    ) -> Option<Point> {
        let (slices, predicted) = play_first_free(self.stream, &seq, &self.default_slices)?;
        if beat.is_some_and(|b| predicted > b) {
            return None;
        }
        effort.priced = effort.priced.saturating_add(1);
        let order = self.graph.complete_order(&seq);
        if swap_free {
            let m = self.pricer.price_swap_free(&order, &slices)?;
            return Some(Point {
                key: (0, m),
                seq,
                slices,
                swaps: 0,
                predicted,
            });
        }
        let (key, swaps) = match self.pricer.price(&order, &slices) {
            Ok((swaps, m)) => ((0, m), swaps),
            // Unplaced: the later the allocator gives up, the better; an
            // order no allocation can take is the worst there is.
            Err(Unplaced::At { position }) => ((2, order.len().saturating_sub(position) as u64), 0),
            Err(Unplaced::NoAlloc { .. }) => ((2, u64::MAX), 0),
        };
        Some(Point {
            key,
            seq,
            slices,
            swaps,
            predicted,
        })
    }

    /// The bytes `seq` keeps alive beyond `usable` at its peak (0: it fits).
    fn bytes_over(&self, seq: &[NodeId], usable: u64, scratch: &mut [usize]) -> u64 {
        peak_live(self.stream, self.graph, seq, scratch).saturating_sub(usable)
    }

    /// `seq` on the time model alone, not priced: its walking key is
    /// (0, predicted makespan) when its live bytes fit `usable`, else
    /// (1, the bytes over). None when a start finds no slice, or, given
    /// `within`, early when the key cannot be within it: from a placed
    /// point (key (0, m)), a neighbour that plays slower than m is behind
    /// whatever its live bytes, which are then not counted.
    fn model(
        &mut self,
        seq: Vec<NodeId>,
        usable: u64,
        scratch: &mut [usize],
        within: Option<Key>,
    ) -> Option<Point> {
        let (slices, predicted) = play_first_free(self.stream, &seq, &self.default_slices)?;
        if within.is_some_and(|w| w.0 == 0 && predicted > w.1) {
            return None;
        }
        let key = match self.bytes_over(&seq, usable, scratch) {
            0 => (0, predicted),
            over => (1, over),
        };
        Some(Point {
            key,
            seq,
            slices,
            swaps: 0,
            predicted,
        })
    }
}

/// An order in the search and its price.
#[derive(Clone)]
struct Point {
    key: Key,
    seq: Vec<NodeId>,
    slices: Vec<u32>,
    swaps: usize,
    /// Its makespan on the time model, as the search played it.
    predicted: u64,
}

impl Point {
    fn at_bound(&self, bound: u64) -> bool {
        self.key.0 == 0 && self.key.1 <= bound
    }
}

/// The moves: a candidate near `seq` that keeps every dependence, or None
/// (a move that did not apply, or broke a dependence).
struct Moves<'g> {
    groups: &'g [Vec<NodeId>],
    rng: crate::rng::Rng,
}

impl Moves<'_> {
    fn propose(&mut self, search: &mut Search, seq: &[NodeId]) -> Option<Vec<NodeId>> {
        let np = self.groups.len() as u64;
        let n = seq.len() as u64;
        let mut cand = seq.to_vec();
        if np > 1 && self.rng.chance(50) {
            let p = self.rng.range(0, np.saturating_sub(1)) as usize;
            let q = self.rng.range(0, np.saturating_sub(1)) as usize;
            if p == q || self.groups[p].len() != self.groups[q].len() {
                return None;
            }
            for (i, &v) in cand.iter().enumerate() {
                search.pos[v] = i;
            }
            for (&a, &b) in self.groups[p].iter().zip(&self.groups[q]) {
                let (pa, pb) = (search.pos[a], search.pos[b]);
                cand.swap(pa, pb);
                search.pos[a] = pb;
                search.pos[b] = pa;
            }
        } else {
            if n < 2 {
                return None;
            }
            let i = self.rng.range(0, n.saturating_sub(1)) as usize;
            let d = self.rng.range(1, 4) as usize;
            let j = if self.rng.chance(50) {
                i.saturating_sub(d)
            } else {
                i.saturating_add(d).min(cand.len().saturating_sub(1))
            };
            if i == j {
                return None;
            }
            let x = cand.remove(i);
            cand.insert(j, x);
        }
        search.keeps_dependences(&cand).then_some(cand)
    }
}

/// Searches from each of `starts` (complete orders), each with an equal
/// share of the `moves` budget; returns the best placed order found (the walk and its keys: the module's essay). A start that
/// stalls for `patience` moves is kicked: four random moves from its best
/// placed order, taken whatever they predict, and the walk goes on from
/// there. A start stops at `bound`, and no start is
/// searched (only priced) once the best is there (the block's lower bound:
/// nothing is faster; or the caller's target, within a gap of it).
pub fn improve(
    pricer: &mut Pricer,
    starts: &[&[NodeId]],
    bound: u64,
    limits: ImproveLimits,
    moves: Budget,
) -> Result<Improved, ImproveError> {
    let (stream, graph) = (pricer.stream, pricer.graph);
    let (mut search, scheduled) = Search::open(pricer, starts, limits.max_nodes)?;
    let share = moves.share(starts.len() as u64);
    let groups = program_groups(stream, graph);
    let usable = search.pricer.hw.usable_lram_bytes();
    let mut scratch = vec![0usize; stream.nodes.len()];
    let mut effort = Effort::default();
    let mut from: Option<u64> = None;
    // (start, its best placed point), the fastest so far.
    let mut best: Option<(usize, Point)> = None;
    // Every start priced first. Under offline placement, a start the
    // allocator cannot place (even with swaps: it pins more bytes at once
    // than LRAM) walks only when no start places: it must first shed
    // those bytes, and over the corpus such a walk never reached a placed
    // order. Under first fit the failure may be the allocator's holes,
    // which the walk gets around.
    let mut priced_starts: Vec<Option<Point>> = Vec::with_capacity(starts.len());
    for start in starts {
        let priced = search
            .start_seq(start, scheduled)
            .and_then(|seq| search.eval(seq, None, false, &mut effort));
        priced_starts.push(priced);
    }
    let offline = search.pricer.hw.placer.placement == crate::lram::Placement::Offline;
    let skip_unplaced = offline && priced_starts.iter().flatten().any(|p| p.key.0 == 0);
    for (si, priced) in priced_starts.into_iter().enumerate() {
        let Some(priced) = priced else {
            continue;
        };
        // This start's best placed point.
        let mut here: Option<Point> = None;
        if priced.key.0 == 0 {
            from = Some(from.map_or(priced.key.1, |f| f.min(priced.key.1)));
            here = Some(priced.clone());
        } else if skip_unplaced {
            effort.unplaced_skipped = effort.unplaced_skipped.saturating_add(1);
            continue;
        }
        // Priced for `from`, not searched once the best is at the bound.
        if best.as_ref().is_some_and(|(_, b)| b.at_bound(bound)) {
            continue;
        }
        // The walk's current point: the start priced, unless its live
        // bytes exceed LRAM (then it walks by the bytes over).
        let mut cur = priced;
        let over = search.bytes_over(&cur.seq, usable, &mut scratch);
        if over > 0 {
            cur.key = (1, over);
        }
        let mut gen = Moves {
            groups: &groups,
            rng: crate::rng::Rng::new(0x5eed_u64.saturating_add(si as u64)),
        };
        let (mut used, mut since_better) = (share, 0u64);
        while !used.is_spent() && !here.as_ref().is_some_and(|h| h.at_bound(bound)) {
            if since_better >= limits.patience {
                // Kick: a few random moves from this start's best (or from
                // where the walk is, when nothing placed yet).
                let mut seq = here.as_ref().map_or(&cur, |h| h).seq.clone();
                for _ in 0..4 {
                    if let Some(c) = gen.propose(&mut search, &seq) {
                        seq = c;
                    }
                }
                used.charge(4);
                effort.kicks = effort.kicks.saturating_add(1);
                since_better = 0;
                if let Some(p) = search.model(seq, usable, &mut scratch, None) {
                    cur = p;
                }
                continue;
            }
            used.take();
            since_better = since_better.saturating_add(1);
            let Some(cand) = gen.propose(&mut search, &cur.seq) else {
                continue;
            };
            effort.valid = effort.valid.saturating_add(1);
            let Some(mut p) = search.model(cand, usable, &mut scratch, Some(cur.key)) else {
                continue;
            };
            if p.key > cur.key {
                continue;
            }
            // Priced only when it may be this start's new best.
            if p.key.0 == 0 && here.as_ref().is_none_or(|h| p.key.1 < h.key.1) {
                let swap_free = here.as_ref().is_some_and(|h| h.swaps == 0);
                let Some(q) = search.eval(p.seq, None, swap_free, &mut effort) else {
                    continue;
                };
                if q.key.0 == 0 && here.as_ref().is_none_or(|h| q.key < h.key) {
                    here = Some(q.clone());
                }
                if q.key > cur.key {
                    continue;
                }
                p = q;
            }
            if p.key < cur.key {
                since_better = 0;
            }
            effort.taken = effort.taken.saturating_add(1);
            cur = p;
        }
        effort.moves = effort.moves.saturating_add(used.spent());
        let key = here.as_ref().map(|h| h.key);
        tracing::debug!(target: "torq-prefetch-inputs", start = si, ?key, used = used.spent(), "improvement search");
        if let Some(h) = here {
            if best.as_ref().is_none_or(|(_, b)| h.key.1 < b.key.1) {
                best = Some((si, h));
            }
        }
    }
    Improved::of(stream, graph, best, from, effort)
}

/// The shape of [`polish`] (what it may spend is [`PolishBudget`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PolishLimits {
    /// Scheduled nodes above which the descent declines the block.
    pub max_nodes: usize,
    /// Free transfers per transfer window each start goes through first
    /// (0: no windows).
    pub transfers: usize,
}

impl Default for PolishLimits {
    fn default() -> Self {
        PolishLimits {
            max_nodes: MAX_NODES,
            transfers: WINDOW_TRANSFERS,
        }
    }
}

/// What [`polish`] may spend over all its starts, each start an equal
/// share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolishBudget {
    /// Neighbours looked at (each a dependence check and, when it keeps
    /// them, a play of the time model and a count of live bytes).
    pub moves: Budget,
    /// Orders priced after allocation (each start included).
    pub priced: Budget,
    /// The transfer windows' DP expansions.
    pub expansions: Budget,
}

impl PolishBudget {
    /// One start's share when `n` starts share this budget.
    pub fn share(&self, n: u64) -> Self {
        PolishBudget {
            moves: self.moves.share(n),
            priced: self.priced.share(n),
            expansions: self.expansions.share(n),
        }
    }
}

/// Places a DMA node may shift by, and later DMA nodes it may trade with.
const POLISH_SHIFT: usize = 8;
const POLISH_TRADE: usize = 16;
/// Programs (in input order) a program may trade its slot with.
const POLISH_SLOT_SPAN: usize = 16;

/// Per program, its slot: the start, the wait, the loads whose first
/// consumer it is and the stores of what it wrote last (so that the slot
/// moves as one).
fn slot_groups(stream: &Stream, graph: &StreamGraph) -> Vec<Vec<NodeId>> {
    let mut groups = program_groups(stream, graph);
    // The program that writes each buffer last in the input order.
    let mut last_writer: Vec<Option<usize>> = vec![None; stream.buffers.len()];
    for (v, node) in stream.nodes.iter().enumerate() {
        if let (Kind::Start, Some(p)) = (node.kind, node.program) {
            for a in node.accesses.iter().filter(|a| a.write) {
                last_writer[a.buffer] = Some(p);
            }
        }
        if node.kind == Kind::Store {
            let writer = node
                .accesses
                .iter()
                .filter(|a| !a.write)
                .find_map(|a| last_writer[a.buffer]);
            if let Some(p) = writer {
                groups[p].push(v);
            }
        }
    }
    groups
}

/// Pairs of programs whose slots may trade (the same number of nodes, at
/// most POLISH_SLOT_SPAN apart in the input order).
fn slot_pairs(groups: &[Vec<NodeId>]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..groups.len() {
        let next = a.saturating_add(1);
        for b in next..groups.len().min(next.saturating_add(POLISH_SLOT_SPAN)) {
            if groups[a].len() == groups[b].len() {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// `seq` with the slots of programs `a` and `b` traded: the k-th node of
/// one slot (by position) takes the place of the k-th node of the other;
/// and the stretch of positions it changed. `pos` holds each node's
/// position in `seq`.
fn slot_swap(
    seq: &[NodeId],
    groups: &[Vec<NodeId>],
    (a, b): (usize, usize),
    pos: &[usize],
) -> (Vec<NodeId>, (usize, usize)) {
    let sorted = |g: &[NodeId]| {
        let mut x: Vec<usize> = g.iter().map(|&v| pos[v]).collect();
        x.sort_unstable();
        x
    };
    let (pa, pb) = (sorted(&groups[a]), sorted(&groups[b]));
    let mut cand = seq.to_vec();
    let (mut lo, mut hi) = (usize::MAX, 0);
    for (&i, &j) in pa.iter().zip(&pb) {
        cand[i] = seq[j];
        cand[j] = seq[i];
        if i != j {
            lo = lo.min(i.min(j));
            hi = hi.max(i.max(j));
        }
    }
    (cand, (lo, hi))
}

/// The most LRAM bytes `seq` keeps alive at once: each LRAM buffer from
/// its first scheduled user to its last (a program's operands to its wait),
/// as the allocator will see them. `pos` is scratch.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "the i128 sums add at most MAX_NODES buffers of at most MAX_BYTES (below 2^62, sched::stream), far from i128's range; hi + 1 is at most seq.len(), diff's last index"
)]
fn peak_live(stream: &Stream, graph: &StreamGraph, seq: &[NodeId], pos: &mut [usize]) -> u64 {
    for (i, &v) in seq.iter().enumerate() {
        pos[v] = i;
    }
    let mut diff = vec![0i128; seq.len() + 1];
    for (b, users) in graph.buffer_users.iter().enumerate() {
        if !stream.buffers[b].lram {
            continue;
        }
        let mut span: Option<(usize, usize)> = None;
        for &u in users {
            if stream.nodes[u].kind == Kind::Pure {
                continue;
            }
            let p = pos[u];
            span = Some(span.map_or((p, p), |(lo, hi)| (lo.min(p), hi.max(p))));
        }
        if let Some((lo, hi)) = span {
            diff[lo] += i128::from(stream.buffers[b].bytes);
            diff[hi + 1] -= i128::from(stream.buffers[b].bytes);
        }
    }
    let (mut live, mut peak) = (0i128, 0i128);
    for d in diff {
        live += d;
        peak = peak.max(live);
    }
    u64::try_from(peak).unwrap_or(u64::MAX)
}

/// The `k`-th neighbour of `seq` in the polish neighbourhood, cyclically:
/// each DMA node shifted by 1..=POLISH_SHIFT places earlier or later, or
/// traded with one of the next POLISH_TRADE DMA nodes; and the stretch of
/// positions it changed. None when that neighbour does not exist (the
/// sequence's end).
#[expect(
    clippy::arithmetic_side_effects,
    reason = "k is below a round of the neighbourhood (descend wraps it), at most dmas.len() x per + the slot pairs; the divisors are per (a nonzero constant) and dmas.len().max(1); i + by and d + 1 + .. are positions below seq.len() + per, looked up with get"
)]
fn polish_neighbour(
    seq: &[NodeId],
    dmas: &[usize],
    k: usize,
) -> Option<(Vec<NodeId>, (usize, usize))> {
    let per = 2 * POLISH_SHIFT + POLISH_TRADE;
    let (d, m) = (k / per % dmas.len().max(1), k % per);
    let &i = dmas.get(d)?;
    let mut cand = seq.to_vec();
    if m < 2 * POLISH_SHIFT {
        let by = m / 2 + 1;
        let j = if m % 2 == 0 {
            i.checked_sub(by)?
        } else {
            i + by
        };
        if j >= seq.len() {
            return None;
        }
        let x = cand.remove(i);
        cand.insert(j, x);
        Some((cand, (i.min(j), i.max(j))))
    } else {
        let &j = dmas.get(d + 1 + (m - 2 * POLISH_SHIFT))?;
        cand.swap(i, j);
        Some((cand, (i.min(j), i.max(j))))
    }
}

/// The current order of a descent on the time model, position by
/// position, so that a neighbour, which differs from it only in a stretch
/// `lo..=hi`, is checked and played from the stretch alone.
///
/// - Dependences: only an edge with both ends in the stretch can break
///   (the stretch holds the same nodes, the rest keeps its places).
/// - Time: the play starts from the machine before `lo`; past `hi` the
///   nodes are the current order's, and the time model is monotone (each
///   step a max-plus function of the clock, the DMA engine and the
///   slices, the slice chosen by which slices run what): once the
///   neighbour's machine equals the current one's at some position, its
///   makespan is the current one; once it trails it (the same programs on
///   the same slices, no time earlier), the neighbour cannot end earlier.
///
/// The answers are exactly those of a full check and a full play.
struct Checkpoints {
    /// `states[i]`: the machine before the node at position `i`
    /// (`states[n]`: after the last).
    states: Vec<Machine>,
    /// Each scheduled node's position (MAX: not in the order).
    pos: Vec<usize>,
    /// Scratch: positions in the neighbour being checked.
    new_pos: Vec<usize>,
}

#[expect(
    clippy::arithmetic_side_effects,
    reason = "indices lie within the order (at most sched::stream::MAX_NODES)"
)]
impl Checkpoints {
    /// The checkpoints of `seq`; None when a start finds no slice.
    fn new(stream: &Stream, seq: &[NodeId]) -> Option<Checkpoints> {
        let mut m = Machine::new(stream);
        let mut states = Vec::with_capacity(seq.len() + 1);
        let mut pos = vec![usize::MAX; stream.nodes.len()];
        for (i, &v) in seq.iter().enumerate() {
            pos[v] = i;
            states.push(m.clone());
            let slice = m.first_free_for(stream, v)?;
            m.apply(stream, v, slice);
        }
        states.push(m);
        Some(Checkpoints {
            states,
            pos,
            new_pos: vec![usize::MAX; stream.nodes.len()],
        })
    }

    /// The current order's makespan on the time model.
    fn makespan(&self) -> u64 {
        self.states.last().map_or(0, Machine::makespan)
    }

    /// Whether `cand` (the current order with `lo..=hi` rearranged) keeps
    /// every dependence.
    fn keeps_dependences(
        &mut self,
        graph: &StreamGraph,
        cand: &[NodeId],
        (lo, hi): (usize, usize),
    ) -> bool {
        for (i, &v) in cand.iter().enumerate().take(hi + 1).skip(lo) {
            self.new_pos[v] = i;
        }
        cand[lo..=hi].iter().all(|&v| {
            graph.succs(v).all(|s| {
                let p = self.pos[s];
                !(lo..=hi).contains(&p) || self.new_pos[s] > self.new_pos[v]
            })
        })
    }

    /// The makespan of `cand` (the current order with `lo..=hi`
    /// rearranged) on the time model, each start on the first free slice,
    /// when it is below `beat`; None otherwise, or when a start finds no
    /// slice.
    fn faster(
        &self,
        stream: &Stream,
        cand: &[NodeId],
        (lo, hi): (usize, usize),
        beat: u64,
    ) -> Option<u64> {
        let current = self.makespan();
        let mut m = self.states[lo].clone();
        for (i, &v) in cand.iter().enumerate().skip(lo) {
            if i > hi {
                let here = &self.states[i];
                if m.same_as(here) {
                    return (current < beat).then_some(current);
                }
                if current >= beat && m.trails(here) {
                    return None;
                }
            }
            let slice = m.first_free_for(stream, v)?;
            m.apply(stream, v, slice);
        }
        let makespan = m.makespan();
        (makespan < beat).then_some(makespan)
    }
}

/// A deterministic descent over the order of the DMA transfers from each
/// of `starts` (complete orders; each gets an equal share of the budget),
/// the best placed result kept (ties to the earlier start): each transfer
/// shifted by a few places or traded with a nearby one, first improvement
/// taken, until a whole round of the neighbourhood finds none or the share
/// ends. A neighbour is priced after allocation only when it keeps every
/// dependence, plays faster than the current order on the time model, and
/// never keeps more bytes alive than usable LRAM (allocation only adds
/// transfers, and more live bytes than LRAM means swaps).
///
/// Cost: per neighbour O(nodes + edges + buffer uses); the allocator runs
/// `budget.priced` holds over all starts (and each start's own pricing).
pub fn polish(
    pricer: &mut Pricer,
    starts: &[&[NodeId]],
    bound: u64,
    limits: PolishLimits,
    budget: PolishBudget,
) -> Result<Improved, ImproveError> {
    let (stream, graph, usable) = (pricer.stream, pricer.graph, pricer.hw.usable_lram_bytes());
    let (mut search, scheduled) = Search::open(pricer, starts, limits.max_nodes)?;
    let share = budget.share(starts.len() as u64);
    let groups = slot_groups(stream, graph);
    let slots = Slots {
        pairs: slot_pairs(&groups),
        groups,
    };
    let mut effort = Effort::default();
    let mut from: Option<u64> = None;
    let mut best: Option<(usize, Point)> = None;
    let windows_on = limits.transfers > 0 && !share.expansions.is_spent();
    for (si, start) in starts.iter().enumerate() {
        let Some(seq) = search.start_seq(start, scheduled) else {
            continue;
        };
        let (mut spent, mut mine) = (Effort::default(), share);
        // The start as given, priced: the descent's floor (`from`).
        let Some(given) = search
            .eval_within(seq.clone(), None, false, &mut spent, &mut mine.priced)
            .filter(|p| p.key.0 == 0)
        else {
            effort.add(&spent);
            continue;
        };
        let given_price = given.key.1;
        from = Some(from.map_or(given_price, |f| f.min(given_price)));
        // The transfer windows first (time model only); their order is
        // priced and replaces the start when it places faster.
        let mut cur = given;
        // The clock is read for the debug output only.
        let clock = std::time::Instant::now();
        if !cur.at_bound(bound) {
            let w = windows(
                stream,
                graph,
                usable,
                &seq,
                limits.transfers,
                mine.expansions,
            );
            spent.windows = w.effort;
            if w.effort.taken > 0 && !mine.priced.is_spent() {
                let swap_free = cur.swaps == 0;
                let beat = Some(cur.key.1);
                if let Some(p) =
                    search.eval_within(w.seq, beat, swap_free, &mut spent, &mut mine.priced)
                {
                    if p.key < cur.key {
                        cur = p;
                    }
                }
            }
        }
        let (windowed, windows_micros) = (cur.key.1, clock.elapsed().as_micros() as u64);
        // With the windows on, a later start descends only from an order
        // already faster than the best an earlier start reached: after
        // the windows, its moves did not close the gap from a slower order
        // anywhere in the corpus, and they are most of the cost. (Without
        // the windows they do: the input start's moves reach what its
        // windows would on the chain of mixed weights.)
        let behind = windows_on && best.as_ref().is_some_and(|(_, b)| cur.key >= b.key);
        let here = if behind {
            cur
        } else {
            descend(&mut search, cur, bound, &mut mine, &slots, &mut spent)
        };
        let micros = clock.elapsed().as_micros() as u64;
        tracing::debug!(target: "torq-prefetch-inputs", start = si, given = given_price, windowed, windows_micros, micros, key = ?here.key, ?spent, "polish");
        effort.add(&spent);
        if best.as_ref().is_none_or(|(_, b)| here.key < b.key) {
            best = Some((si, here));
        }
    }
    Improved::of(stream, graph, best, from, effort)
}

/// The search of a block above [`MAX_NODES`] scheduled nodes, where the
/// descent and the improvement search decline it (their moves play the
/// whole order): the transfer windows from `start`, each judged at its
/// stretch's end (`window::windows_long`), so a window costs its stretch
/// and its DP, and `budget` counts DP expansions (a fixed cost each). The
/// windows first spend one of [`LONG_FIRST_SHARES`] shares of `budget`
/// and their order is priced after allocation; only when it places faster
/// than the start do they go on from it with the rest, and that order is
/// priced too. The time model counts live bytes, not the allocator's
/// holes: on the tight blocks of big weight tiles the windows' orders do
/// not place, and the first price says so before the rest is spent. At
/// most two allocator runs, whatever the block's size; the result is the
/// fastest placed order (the start itself when neither beats it).
///
/// Cost: O(block) for the plays and the two prices, plus the expansions.
pub fn long_windows(
    pricer: &mut Pricer,
    start: LongStart,
    transfers: usize,
    mut budget: Budget,
) -> Result<Improved, ImproveError> {
    let (stream, graph) = (pricer.stream, pricer.graph);
    let usable = pricer.hw.usable_lram_bytes();
    let mut seq: Vec<NodeId> = start
        .order
        .iter()
        .copied()
        .filter(|&v| stream.nodes[v].kind != Kind::Pure)
        .collect();
    if seq.is_empty() {
        return Err(ImproveError::NoStart);
    }
    let default = stream.input_slices();
    let mut effort = Effort::default();
    let mut best: Option<Improved> = None;
    let mut bar = start.makespan;
    for shares in [LONG_FIRST_SHARES, 1] {
        let part = budget.part(budget.given().checked_div(shares).unwrap_or(0));
        let w = windows_long(stream, graph, usable, &seq, transfers, part);
        budget.charge(w.effort.expansions);
        effort.windows.add(w.effort);
        if w.effort.taken == 0 {
            break;
        }
        let Some(slice_of) = first_free_slices(stream, &w.seq, &default) else {
            break;
        };
        let order = graph.complete_order(&w.seq);
        effort.priced = effort.priced.saturating_add(1);
        match pricer.price(&order, &slice_of) {
            Ok((swaps, makespan)) if makespan < bar => {
                bar = makespan;
                let peak_live_bytes =
                    crate::sched::simulate::peak_live_bytes(stream, graph, &order);
                best = Some(Improved {
                    order,
                    slice_of,
                    swaps,
                    makespan,
                    predicted: w.makespan,
                    peak_live_bytes,
                    start: 0,
                    from: Some(start.makespan),
                    effort,
                });
                seq = w.seq;
            }
            // Not placed, or not faster: the rest would search on from it.
            _ => break,
        }
        if budget.is_spent() {
            break;
        }
    }
    Ok(match best {
        Some(im) => Improved { effort, ..im },
        None => Improved {
            order: start.order.to_vec(),
            slice_of: start.slice_of.to_vec(),
            swaps: start.swaps,
            makespan: start.makespan,
            predicted: start.predicted,
            peak_live_bytes: start.peak_live_bytes,
            start: 0,
            from: Some(start.makespan),
            effort,
        },
    })
}

/// The programs' slots and the pairs that may trade them (`polish`).
struct Slots {
    groups: Vec<Vec<NodeId>>,
    pairs: Vec<(usize, usize)>,
}

/// One start's descent (`polish`) from `cur`, within its share of the
/// moves and the allocator runs (`budget`).
fn descend(
    search: &mut Search,
    mut cur: Point,
    bound: u64,
    budget: &mut PolishBudget,
    slots: &Slots,
    effort: &mut Effort,
) -> Point {
    let (stream, graph) = (search.stream, search.graph);
    let usable = search.pricer.hw.usable_lram_bytes();
    let is_dma = |v: NodeId| matches!(stream.nodes[v].kind, Kind::Load | Kind::Store);
    let dmas_of =
        |seq: &[NodeId]| -> Vec<usize> { (0..seq.len()).filter(|&i| is_dma(seq[i])).collect() };
    let mut dmas = dmas_of(&cur.seq);
    let dma_round = dmas.len().saturating_mul(2 * POLISH_SHIFT + POLISH_TRADE);
    let round = dma_round.saturating_add(slots.pairs.len());
    let (mut k, mut since) = (0usize, 0usize);
    let mut scratch = vec![0usize; stream.nodes.len()];
    // The current point was priced, so it plays; if not, it stays.
    let Some(mut at) = Checkpoints::new(stream, &cur.seq) else {
        return cur;
    };
    while since < round
        && !budget.moves.is_spent()
        && !budget.priced.is_spent()
        && !cur.at_bound(bound)
    {
        budget.moves.take();
        effort.moves = effort.moves.saturating_add(1);
        since = since.saturating_add(1);
        let cand = match k.checked_sub(dma_round) {
            None => polish_neighbour(&cur.seq, &dmas, k),
            Some(pair) => Some(slot_swap(
                &cur.seq,
                &slots.groups,
                slots.pairs[pair],
                &at.pos,
            )),
        };
        k = k.saturating_add(1).checked_rem(round).unwrap_or(0);
        let Some((cand, stretch)) = cand else {
            continue;
        };
        if stretch.0 > stretch.1 || !at.keeps_dependences(graph, &cand, stretch) {
            continue;
        }
        effort.valid = effort.valid.saturating_add(1);
        if at.faster(stream, &cand, stretch, cur.key.1).is_none() {
            continue;
        }
        if peak_live(stream, graph, &cand, &mut scratch) > usable {
            continue;
        }
        let (beat, swap_free) = (Some(cur.key.1), cur.swaps == 0);
        let Some(p) = search.eval_within(cand, beat, swap_free, effort, &mut budget.priced) else {
            continue;
        };
        if p.key < cur.key {
            effort.taken = effort.taken.saturating_add(1);
            cur = p;
            since = 0;
            dmas = dmas_of(&cur.seq);
            match Checkpoints::new(stream, &cur.seq) {
                Some(c) => at = c,
                None => break,
            }
        }
    }
    cur
}

#[cfg(all(test, feature = "testkit"))]
#[allow(
    clippy::arithmetic_side_effects,
    reason = "unit tests over small generated streams"
)]
mod tests {
    use super::*;
    use crate::sched::gen::{random_stream_in_flight, GenParams, Rng};

    /// The checkpoints answer as a full dependence check and a full play
    /// do, on every neighbour the descent draws (shifts, trades, slot
    /// trades) of random streams with held slices and programs in flight,
    /// for a bound below, at and above the neighbour's makespan.
    #[test]
    fn checkpoints_answer_as_a_full_check_and_play() {
        let mut compared = 0u32;
        for seed in 0..40u64 {
            let params = GenParams {
                held_percent: 10,
                ..GenParams::small(6 + (seed % 5) as usize)
            };
            let stream = random_stream_in_flight(seed, params, 30);
            let graph = StreamGraph::build(&stream);
            let seq: Vec<NodeId> = (0..stream.nodes.len())
                .filter(|&v| stream.nodes[v].kind != Kind::Pure)
                .collect();
            let default = stream.input_slices();
            let Some(mut at) = Checkpoints::new(&stream, &seq) else {
                continue;
            };
            let played = play_first_free(&stream, &seq, &default).map(|(_, m)| m);
            assert_eq!(played, Some(at.makespan()), "seed {seed}");
            let dmas: Vec<usize> = (0..seq.len())
                .filter(|&i| stream.nodes[seq[i]].kind.is_dma())
                .collect();
            let groups = slot_groups(&stream, &graph);
            let pairs = slot_pairs(&groups);
            let per = 2 * POLISH_SHIFT + POLISH_TRADE;
            let mut rng = Rng::new(seed);
            let mut pos = vec![usize::MAX; stream.nodes.len()];
            for _ in 0..300 {
                let k = rng.range(0, (dmas.len() * per + pairs.len()) as u64 - 1) as usize;
                let neighbour = if k < dmas.len() * per {
                    polish_neighbour(&seq, &dmas, k)
                } else {
                    Some(slot_swap(
                        &seq,
                        &groups,
                        pairs[k - dmas.len() * per],
                        &at.pos,
                    ))
                };
                let Some((cand, stretch)) = neighbour.filter(|(_, (lo, hi))| lo <= hi) else {
                    continue;
                };
                for (i, &v) in cand.iter().enumerate() {
                    pos[v] = i;
                }
                let keeps = cand
                    .iter()
                    .all(|&v| graph.succs(v).all(|s| pos[s] > pos[v]));
                assert_eq!(at.keeps_dependences(&graph, &cand, stretch), keeps);
                if !keeps {
                    continue;
                }
                let full = play_first_free(&stream, &cand, &default).map(|(_, m)| m);
                for beat in [
                    0,
                    at.makespan(),
                    full.unwrap_or(0),
                    full.unwrap_or(0) + 1,
                    u64::MAX,
                ] {
                    let expected = full.filter(|&m| m < beat);
                    assert_eq!(
                        at.faster(&stream, &cand, stretch, beat),
                        expected,
                        "seed {seed}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "only {compared} comparisons");
    }
}
