//! Transfer windows: where the DMA transfers go between the programs,
//! solved exactly a few transfers at a time, on the time model.
//!
//! # Why
//!
//! On a chain of weights of mixed sizes the best order is a rotation: one
//! weight loaded a program earlier, the next one a program later, a third
//! moved to where the second was. Each step alone is slower, so no descent
//! that moves one transfer at a time (`improve::polish`) gets there; the
//! list rules cannot express it either. The rotation involves a handful of
//! transfers over a handful of programs, which an exact search over that
//! window solves at once.
//!
//! # The window's problem
//!
//! A window is `w` consecutive transfers of the current order (its *free*
//! transfers) and the stretch of the order around them that reaches `reach`
//! other nodes past the first and the last. Everything outside the stretch
//! stays put, and so does every node of the stretch that is not free (its
//! *fixed* nodes, in their order): the free transfers are placed into the
//! gaps between fixed nodes. A dynamic program goes through the fixed nodes
//! in order; its states are the set of free transfers placed so far (a
//! 64-bit mask) with the machine's state (`sched::simulate::Machine`: the
//! stream's clock and the slices) and the live LRAM bytes. In each gap the
//! free transfers are added in one canonical order (stores first, then by
//! duration, then by position), so each set is reached once per gap, and a
//! transfer is added only:
//!
//! - when its dependences allow (its fixed predecessors behind, its free
//!   ones placed; a fixed node waits for its free predecessors);
//! - when its bytes fit: live LRAM bytes, counted as `improve::peak_live`
//!   counts them (a buffer lives from its first scheduled user to its
//!   last), stay within usable LRAM;
//! - when a program is still running at its issue, or the next fixed node
//!   needs it (or it is the stretch's last gap). A transfer issued while
//!   every slice is idle only delays the stream; the same transfer a gap
//!   later, where a program runs, delays nothing more and holds its bytes
//!   for less time. This rule is what keeps the states few.
//!
//! What runs on which slice is the same for every state of a layer (the
//! fixed nodes go in one order, and transfers touch no slice), so a layer
//! keeps it once and a state only its times (`simulate::Clock`): a
//! state is a few words, copied without a heap allocation.
//!
//! States of one layer with the same set are merged, keeping the earlier
//! clock (then the earlier slice ends); at most `WIDTH` per layer are kept,
//! by clock plus the free transfers still to place. At the stretch's end
//! every free transfer is placed, the rest of the order is played after
//! the best state, and the window's order replaces the current one if it
//! plays strictly faster.
//!
//! # The pass over the block
//!
//! Windows start at every `w / 2`-th transfer, first to last; passes repeat
//! while one improves, within a budget of DP expansions (`torq-window-expansions`,
//! deterministic). The order it returns keeps every dependence, plays faster
//! than or as fast as the one it was given on the time model, and keeps no
//! more bytes alive than usable LRAM where the given order did not; it is
//! not priced here (the caller prices it after allocation).
//!
//! Cost: per window O(n) to play the prefix and the suffix, plus
//! O(layers x states x w) expansions, each O(buffers the node touches +
//! slices); the budget bounds the total.

use crate::budget::Budget;
use crate::sched::graph::StreamGraph;
use crate::sched::simulate::{Clock, Machine, Slot};
use crate::sched::stream::{Kind, NodeId, Stream};
use serde::Serialize;

/// Transfers placed together at most (the DP's set is a 64-bit mask).
pub const MAX_TRANSFERS: usize = 64;

/// States a layer of one window's DP keeps.
const WIDTH: usize = 256;

/// What the windows spent: windows solved, windows whose order replaced
/// the current one, DP expansions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WindowEffort {
    pub windows: u64,
    pub taken: u64,
    pub expansions: u64,
}

impl WindowEffort {
    /// `self` plus `other`.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "counters count bounded work (the budget)"
    )]
    pub fn add(&mut self, other: WindowEffort) {
        self.windows += other.windows;
        self.taken += other.taken;
        self.expansions += other.expansions;
    }
}

/// What the windows found and spent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Windowed {
    /// The scheduled nodes in their new order (pure nodes left out, as given).
    pub seq: Vec<NodeId>,
    /// Its makespan on the time model (each start on the first free slice).
    pub makespan: u64,
    pub effort: WindowEffort,
}

/// One play of `seq` from `m`, each start on the first free slice: None
/// when a start finds no slice.
fn play(stream: &Stream, m: &mut Machine, seq: &[NodeId]) -> Option<()> {
    for &v in seq {
        step(stream, m, v)?;
    }
    Some(())
}

fn step(stream: &Stream, m: &mut Machine, v: NodeId) -> Option<()> {
    let slice = m.first_free_for(stream, v)?;
    m.apply(stream, v, slice);
    Some(())
}

/// The transfer windows over `seq` (the scheduled nodes of an order that
/// keeps every dependence), `transfers` free transfers a window (at most
/// `MAX_TRANSFERS`; 0: no windows), within `usable` live LRAM bytes and
/// the DP expansions `expansions` holds.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "indices lie within their vectors; counters count bounded work (the budget)"
)]
pub fn windows(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    seq: &[NodeId],
    transfers: usize,
    mut expansions: Budget,
) -> Windowed {
    let mut out = Windowed {
        seq: seq.to_vec(),
        ..Windowed::default()
    };
    let mut m = Machine::new(stream);
    if play(stream, &mut m, seq).is_none() {
        return out;
    }
    out.makespan = m.makespan();
    let w = transfers.min(MAX_TRANSFERS);
    if w == 0 {
        return out;
    }
    let reach = 2 * w;
    let mut pos = vec![usize::MAX; stream.nodes.len()];
    let transfers = |seq: &[NodeId]| -> Vec<usize> {
        (0..seq.len())
            .filter(|&i| stream.nodes[seq[i]].kind.is_dma())
            .collect()
    };
    // The transfers' positions; a window's order keeps their number and
    // moves them inside its stretch only.
    let mut dpos = transfers(&out.seq);
    let effort = &mut out.effort;
    'passes: loop {
        let mut improved = false;
        let mut a = 0usize;
        loop {
            if a >= dpos.len() {
                break;
            }
            if expansions.is_spent() {
                break 'passes;
            }
            let end = (a + w).min(dpos.len());
            effort.windows += 1;
            let win = Window::around(&out.seq, &dpos[a..end], reach);
            let (found, spent) =
                win.solve(stream, graph, usable, &out.seq, &mut pos, expansions.left());
            effort.expansions = effort.expansions.saturating_add(expansions.charge(spent));
            if let Some((seg, makespan)) = found {
                if makespan < out.makespan {
                    out.seq.splice(win.lo..=win.hi, seg);
                    out.makespan = makespan;
                    effort.taken += 1;
                    improved = true;
                    dpos = transfers(&out.seq);
                }
            }
            if end == dpos.len() {
                break;
            }
            a += (w / 2).max(1);
        }
        if !improved {
            break;
        }
    }
    out
}

/// One window: the stretch `lo..=hi` of the order and its free positions.
struct Window {
    lo: usize,
    hi: usize,
    free: Vec<usize>,
}

/// One DP state, with its emitted nodes as a chain in the arena. What runs
/// where is the same for every state of a layer (the fixed nodes are
/// emitted in one order; transfers do not touch the slices), so the layer
/// keeps it once (`shape`) and a state its times only.
struct State {
    set: u64,
    /// Rank of the last free transfer added in this gap (None: none yet).
    last: Option<usize>,
    clock: Clock,
    live: u64,
    tail: Option<usize>,
}

/// The DP's maps: keyed by 64-bit sets and buffer ids (`crate::hash`).
type WordMap<V> = crate::hash::WordMap<u64, V>;

/// A buffer the stretch touches: bytes, users in all, users emitted before
/// the stretch, its fixed users (layer indices, ascending) and free users
/// (mask by rank).
struct Buf {
    bytes: u64,
    total: usize,
    before: usize,
    fixed: Vec<usize>,
    free: u64,
}

impl Window {
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "free is a non-empty list of positions in seq (a window has a transfer), so free.len() - 1 is its last; lo only falls while above 0 and hi only rises while below seq.len() - 1; seen counts positions, at most seq.len()"
    )]
    fn around(seq: &[NodeId], free: &[usize], reach: usize) -> Window {
        let (first, last) = (free[0], free[free.len() - 1]);
        let fixed_in = |i: usize| free.binary_search(&i).is_err();
        let mut lo = first;
        let mut seen = 0;
        while lo > 0 && seen < reach {
            lo -= 1;
            seen += usize::from(fixed_in(lo));
        }
        let mut hi = last;
        seen = 0;
        while hi + 1 < seq.len() && seen < reach {
            hi += 1;
            seen += usize::from(fixed_in(hi));
        }
        Window {
            lo,
            hi,
            free: free.to_vec(),
        }
    }

    /// The best order of the stretch and the block's makespan with it, and
    /// the expansions spent; None when the DP found no complete placement
    /// within `budget`.
    #[allow(clippy::too_many_lines)]
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "positions are tags below the stretch's length plus FREE, and x - FREE or x - 1 is taken only of a tag at least that; masks shift by a free rank below MAX_TRANSFERS (64) and free.len() >= 1 here; byte sums add one block's buffers (below 2^62, sched::stream bounds) and subtract only bytes added; spent stops one past budget, a u64 count of loop steps"
    )]
    fn solve(
        &self,
        stream: &Stream,
        graph: &StreamGraph,
        usable: u64,
        seq: &[NodeId],
        pos: &mut [usize],
        budget: u64,
    ) -> (Option<(Vec<NodeId>, u64)>, u64) {
        let node = |v: NodeId| &stream.nodes[v];
        // Free transfers by rank, fixed nodes in order.
        let mut free: Vec<NodeId> = self.free.iter().map(|&i| seq[i]).collect();
        free.sort_by_key(|&v| {
            (
                node(v).kind == Kind::Load,
                node(v).duration,
                self.free.iter().position(|&i| seq[i] == v),
            )
        });
        let fixed: Vec<NodeId> = (self.lo..=self.hi)
            .filter(|i| self.free.binary_search(i).is_err())
            .map(|i| seq[i])
            .collect();
        // pos: 0 = before the stretch, 1 + layer for a fixed node, a rank
        // above both for a free transfer (tagged), MAX after the stretch.
        const FREE: usize = 1 << 40;
        for (i, &v) in seq.iter().enumerate() {
            pos[v] = if i < self.lo { 0 } else { usize::MAX };
        }
        for (j, &v) in fixed.iter().enumerate() {
            pos[v] = 1 + j;
        }
        for (r, &v) in free.iter().enumerate() {
            pos[v] = FREE + r;
        }
        let nf = fixed.len();
        let full: u64 = if free.len() == 64 {
            u64::MAX
        } else {
            (1u64 << free.len()) - 1
        };
        // Per free transfer: earliest layer and free predecessors; per fixed
        // node: the free transfers it needs (transitively).
        let mut earliest = vec![0usize; free.len()];
        let mut free_preds = vec![0u64; free.len()];
        for (r, &v) in free.iter().enumerate() {
            for p in graph.preds(v) {
                match pos[p] {
                    x if x >= FREE && x != usize::MAX => free_preds[r] |= 1 << (x - FREE),
                    x if x >= 1 && x <= nf => earliest[r] = earliest[r].max(x),
                    _ => {}
                }
            }
        }
        let closure = |mut mask: u64| loop {
            let mut next = mask;
            for (r, &p) in free_preds.iter().enumerate() {
                if mask >> r & 1 == 1 {
                    next |= p;
                }
            }
            if next == mask {
                return mask;
            }
            mask = next;
        };
        let needs: Vec<u64> = fixed
            .iter()
            .map(|&v| {
                let mut mask = 0u64;
                for p in graph.preds(v) {
                    if pos[p] >= FREE && pos[p] != usize::MAX {
                        mask |= 1 << (pos[p] - FREE);
                    }
                }
                closure(mask)
            })
            .collect();
        // The machine and the users emitted before the stretch.
        let mut m0 = Machine::new(stream);
        if play(stream, &mut m0, &seq[..self.lo]).is_none() {
            return (None, 0);
        }
        let mut local: WordMap<usize> = WordMap::default();
        let mut bufs: Vec<Buf> = Vec::new();
        let mut fixed_bufs: Vec<Vec<usize>> = vec![Vec::new(); nf];
        let mut free_bufs: Vec<Vec<usize>> = vec![Vec::new(); free.len()];
        for v in fixed.iter().chain(&free) {
            for &b in &graph.releases[*v] {
                if !stream.buffers[b].lram {
                    continue;
                }
                let l = *local.entry(b as u64).or_insert_with(|| {
                    let users = &graph.buffer_users[b];
                    bufs.push(Buf {
                        bytes: stream.buffers[b].bytes,
                        total: users.len(),
                        before: users.iter().filter(|&&u| pos[u] == 0).count(),
                        fixed: Vec::new(),
                        free: 0,
                    });
                    bufs.len() - 1
                });
                match pos[*v] {
                    x if x >= FREE => {
                        bufs[l].free |= 1 << (x - FREE);
                        free_bufs[x - FREE].push(l);
                    }
                    x => {
                        bufs[l].fixed.push(x - 1);
                        fixed_bufs[x - 1].push(l);
                    }
                }
            }
        }
        // Live bytes at the stretch's start: buffers with a user before it
        // and one not yet emitted.
        let mut live0 = 0u64;
        for (b, users) in graph.buffer_users.iter().enumerate() {
            if !stream.buffers[b].lram {
                continue;
            }
            let before = users.iter().filter(|&&u| pos[u] == 0).count();
            if before > 0 && before < users.len() {
                live0 += stream.buffers[b].bytes;
            }
        }
        // Emitting node v (layer `k`, free rank or fixed index) from `st`:
        // the new live bytes, or None when they exceed usable.
        let emit_live = |st: &State, locals: &[usize], k: usize| -> Option<u64> {
            let (mut born, mut dies) = (0u64, 0u64);
            for &l in locals {
                let b = &bufs[l];
                let done = b.before
                    + b.fixed.iter().filter(|&&j| j < k).count()
                    + (st.set & b.free).count_ones() as usize;
                if done == 0 {
                    born += b.bytes;
                }
                if done + 1 == b.total {
                    dies += b.bytes;
                }
            }
            (st.live + born <= usable).then(|| st.live + born - dies)
        };
        let mut arena: Vec<(Option<usize>, NodeId)> = Vec::new();
        let mut spent = 0u64;
        let rem = |set: u64| -> u64 {
            free.iter()
                .enumerate()
                .filter(|(r, _)| set >> r & 1 == 0)
                .map(|(_, &v)| node(v).duration)
                .sum()
        };
        let mut layer = vec![State {
            set: 0,
            last: None,
            clock: m0.clock.clone(),
            live: live0,
            tail: None,
        }];
        // What runs where before fixed node k (its clock is the first
        // state's, unused).
        let mut shape = m0;
        // The states one state of a gap grows (reused).
        let mut children: Vec<State> = Vec::new();
        for k in 0..=nf {
            // The gap before fixed node k (after the last one when k == nf).
            let mut gap: Vec<State> = layer;
            let mut at = 0;
            while at < gap.len() {
                let st = &gap[at];
                at += 1;
                let from = st.last.map_or(0, |r| r + 1);
                let running = shape
                    .slots
                    .iter()
                    .zip(&st.clock.ends)
                    .any(|(s, &end)| s.prog.is_some() && end > st.clock.makespan());
                for r in from..free.len() {
                    if st.set >> r & 1 == 1
                        || earliest[r] > k
                        || free_preds[r] & !st.set != 0
                        || (k < nf && !running && needs[k] >> r & 1 == 0)
                    {
                        continue;
                    }
                    spent += 1;
                    if spent > budget {
                        return (None, spent);
                    }
                    let grown = emit_live(st, &free_bufs[r], k).map(|live| {
                        let next = (st.set | 1 << r, Some(r), live);
                        extend(stream, &shape.slots, st, free[r], None, next, &mut arena)
                    });
                    children.extend(grown);
                }
                gap.append(&mut children);
                if gap.len() > WIDTH * 16 {
                    break;
                }
            }
            if k == nf {
                return finish(stream, seq, self.hi, &shape, gap, full, &arena, spent);
            }
            // Advance over fixed node k (the slice a start takes is the
            // layer's); merge equal sets.
            let v = fixed[k];
            let slice = shape.first_free_for(stream, v);
            let mut next: Vec<State> = Vec::new();
            let mut by_set: WordMap<usize> = WordMap::default();
            for st in gap {
                if needs[k] & !st.set != 0 {
                    continue;
                }
                spent += 1;
                if spent > budget {
                    return (None, spent);
                }
                let (Some(live), Some(slice)) = (emit_live(&st, &fixed_bufs[k], k), slice) else {
                    continue;
                };
                let new = extend(
                    stream,
                    &shape.slots,
                    &st,
                    v,
                    slice,
                    (st.set, None, live),
                    &mut arena,
                );
                let key = |s: &State| (s.clock.makespan(), s.clock.ends.iter().sum::<u64>());
                match by_set.get(&new.set) {
                    Some(&i) if key(&next[i]) <= key(&new) => {}
                    Some(&i) => next[i] = new,
                    None => {
                        by_set.insert(new.set, next.len());
                        next.push(new);
                    }
                }
            }
            if next.len() > WIDTH {
                // The key computed once per state; the sort is stable.
                next.sort_by_cached_key(|s| (s.clock.makespan() + rem(s.set), s.clock.makespan()));
                next.truncate(WIDTH);
            }
            if next.is_empty() {
                return (None, spent);
            }
            if let Some(slice) = slice {
                shape.occupy(stream, v, slice);
            }
            layer = next;
        }
        (None, spent)
    }
}

/// `st` with node `v` emitted after it (on `slice` for a start, with
/// `slots` what runs where before it), `(set, last, live)` the placed set,
/// the gap's last free rank and the live bytes then; its link pushed on
/// `arena`.
fn extend(
    stream: &Stream,
    slots: &[Slot],
    st: &State,
    v: NodeId,
    slice: Option<u32>,
    (set, last, live): (u64, Option<usize>, u64),
    arena: &mut Vec<(Option<usize>, NodeId)>,
) -> State {
    let mut clock = st.clock.clone();
    clock.step(stream, slots, v, slice);
    arena.push((st.tail, v));
    State {
        set,
        last,
        clock,
        live,
        tail: Some(arena.len().saturating_sub(1)),
    }
}

/// The stretch's last gap: of the states that placed every free transfer,
/// the one whose play of the rest of the order ends first (ties: the first),
/// its stretch order and the block's makespan.
#[expect(clippy::too_many_arguments, reason = "the DP's state at its end")]
fn finish(
    stream: &Stream,
    seq: &[NodeId],
    hi: usize,
    shape: &Machine,
    gap: Vec<State>,
    full: u64,
    arena: &[(Option<usize>, NodeId)],
    spent: u64,
) -> (Option<(Vec<NodeId>, u64)>, u64) {
    let mut best: Option<(u64, Option<usize>)> = None;
    let mut m = shape.clone();
    for st in gap.into_iter().filter(|s| s.set == full) {
        m.clone_from(shape);
        m.clock = st.clock;
        if play(
            stream,
            &mut m,
            seq.get(hi.saturating_add(1)..).unwrap_or(&[]),
        )
        .is_none()
        {
            continue;
        }
        if best.is_none_or(|(b, _)| m.makespan() < b) {
            best = Some((m.makespan(), st.tail));
        }
    }
    let found = best.map(|(makespan, mut tail)| {
        let mut order = Vec::new();
        while let Some(i) = tail {
            order.push(arena[i].1);
            tail = arena[i].0;
        }
        order.reverse();
        (order, makespan)
    });
    (found, spent)
}
