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
//! The order before a window's stretch is played once per pass, moving
//! forward with the windows (`Cursor`: the machine, each buffer's users
//! emitted so far, the live bytes), and the stretch's nodes are tagged in
//! a scratch array that is cleared after the window, so a window reads
//! nothing of the block outside its stretch, except in how it is judged.
//!
//! # Judging a window on a long block
//!
//! `windows` judges a window's order by the whole order's makespan: for
//! every state that placed all its transfers it plays the rest of the order,
//! O(block) per state. `windows_long` judges it at the stretch's end: a
//! state is taken when the current order's machine there trails it (no
//! earlier in the clock, the DMA engine or a running slice's end, and not
//! the same state; `Machine::trails`). Every step of the time model is
//! monotone in those times and the slices run the same programs, so the
//! rest of the order then ends no later: the whole order plays no slower.
//! Of the states the current one trails, the one that ends first (then by
//! the sum of its slices' ends) is taken. This takes some windows the
//! whole-order judgement does not (equal makespan, an earlier machine,
//! whose gain a later window turns into time) and misses those that trade
//! a later engine for an earlier slice; on the size table's long chain it
//! finds more, at a fraction of the cost (`examples/long_windows.rs`).
//!
//! Cost: per window O(stretch) for its setup and judgement, plus
//! O(layers x states x w) expansions, each O(buffers the node touches +
//! slices); per pass O(n) for the cursor; `windows` plays the rest of the
//! order for each final state, O(n) each. The budget bounds the
//! expansions. The windows of one run share one scratch (`Scratch`): a
//! window allocates only where it outgrows every window before it, which
//! took a third off the windows' time on the long chain (perf samples of
//! `examples/long_windows.rs -- 1000 3 3000000 trail`, 3,802 -> 2,616, the
//! same windows taken).

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
    pub fn add(&mut self, other: WindowEffort) {
        self.windows = self.windows.saturating_add(other.windows);
        self.taken = self.taken.saturating_add(other.taken);
        self.expansions = self.expansions.saturating_add(other.expansions);
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
/// the DP expansions `expansions` holds. A window's order is taken when
/// the whole order plays strictly faster with it.
pub fn windows(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    seq: &[NodeId],
    transfers: usize,
    expansions: Budget,
) -> Windowed {
    run(stream, graph, usable, seq, transfers, expansions, false)
}

/// `windows` for a long block: a window's order is taken when the machine
/// after its stretch is ahead of the current order's there (no later in
/// the clock, the DMA engine or a running slice's end, and not the same
/// state). The time model is monotone, so the whole order then plays no
/// slower; nothing after the stretch is played, and a window costs its
/// stretch and its DP, not the block.
pub fn windows_long(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    seq: &[NodeId],
    transfers: usize,
    expansions: Budget,
) -> Windowed {
    run(stream, graph, usable, seq, transfers, expansions, true)
}

/// A tag of `Window::solve`'s scratch: the node is not in the stretch.
const UNSET: usize = usize::MAX - 1;

/// One window's question: the block, the order, what lies before the
/// stretch, and how its order is judged.
struct Ask<'a> {
    stream: &'a Stream,
    graph: &'a StreamGraph,
    usable: u64,
    seq: &'a [NodeId],
    prefix: Prefix<'a>,
    end: End<'a>,
}

/// What a window's DP knows of the order before its stretch.
struct Prefix<'p> {
    /// The machine after it.
    machine: &'p Machine,
    /// Live LRAM bytes after it.
    live: u64,
    /// Per buffer: its users emitted in it.
    emitted: &'p [usize],
    /// Per node: its position in the order (`usize::MAX`: not in it).
    at: &'p [usize],
}

/// How a window's order is judged against the current one.
#[derive(Clone, Copy)]
enum End<'m> {
    /// By the makespan of the whole order (the rest played after it).
    Play,
    /// By the machine after the stretch, against the current order's there.
    Trail(&'m Machine),
}

/// The order up to a position, played once per pass of the windows: the
/// machine, the users of each buffer emitted and the live LRAM bytes
/// (a buffer lives from its first user to its last, as `Window::solve`
/// counts it).
struct Cursor {
    machine: Machine,
    emitted: Vec<usize>,
    live: u64,
    /// The position it has played up to (exclusive).
    next: usize,
}

impl Cursor {
    fn new(stream: &Stream) -> Self {
        Cursor {
            machine: Machine::new(stream),
            emitted: vec![0; stream.buffers.len()],
            live: 0,
            next: 0,
        }
    }

    /// Plays `seq` up to position `to` (from the start again when it has
    /// played past it); false when a start finds no slice.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "emitted counts a buffer's users, at most their number; live adds a buffer's bytes when its first user is emitted and takes them off at its last, so it stays a sum of one block's buffers (below 2^62, sched::stream bounds)"
    )]
    fn advance(&mut self, stream: &Stream, graph: &StreamGraph, seq: &[NodeId], to: usize) -> bool {
        if to < self.next {
            *self = Cursor::new(stream);
        }
        while self.next < to {
            let v = seq[self.next];
            if step(stream, &mut self.machine, v).is_none() {
                return false;
            }
            for &b in &graph.releases[v] {
                if !stream.buffers[b].lram {
                    continue;
                }
                let total = graph.buffer_users[b].len();
                let e = &mut self.emitted[b];
                *e += 1;
                if total > 1 && *e == 1 {
                    self.live += stream.buffers[b].bytes;
                } else if total > 1 && *e == total {
                    self.live -= stream.buffers[b].bytes;
                }
            }
            self.next += 1;
        }
        true
    }
}

/// `windows` (`trail` false) or `windows_long` (true).
fn run(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    seq: &[NodeId],
    transfers: usize,
    mut expansions: Budget,
    trail: bool,
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
    let reach = w.saturating_mul(2);
    let mut pos = vec![UNSET; stream.nodes.len()];
    let mut at = vec![usize::MAX; stream.nodes.len()];
    for (i, &v) in seq.iter().enumerate() {
        at[v] = i;
    }
    let is_dma = |v: NodeId| stream.nodes[v].kind.is_dma();
    // The transfers' positions; a window's order keeps their number and
    // moves them inside its stretch only.
    let mut dpos: Vec<usize> = (0..seq.len()).filter(|&i| is_dma(seq[i])).collect();
    let mut scratch = Scratch::default();
    let effort = &mut out.effort;
    'passes: loop {
        let mut improved = false;
        let mut cursor = Cursor::new(stream);
        let mut a = 0usize;
        loop {
            if a >= dpos.len() {
                break;
            }
            if expansions.is_spent() {
                break 'passes;
            }
            let end = a.saturating_add(w).min(dpos.len());
            effort.windows = effort.windows.saturating_add(1);
            let win = Window::around(&out.seq, &dpos[a..end], reach);
            if !cursor.advance(stream, graph, &out.seq, win.lo) {
                break 'passes;
            }
            let current = trail.then(|| {
                let mut c = cursor.machine.clone();
                play(stream, &mut c, &out.seq[win.lo..=win.hi]).map(|()| c)
            });
            let judge = match &current {
                None => Some(End::Play),
                Some(Some(c)) => Some(End::Trail(c)),
                Some(None) => None,
            };
            if let Some(judge) = judge {
                let ask = Ask {
                    stream,
                    graph,
                    usable,
                    seq: &out.seq,
                    prefix: Prefix {
                        machine: &cursor.machine,
                        live: cursor.live,
                        emitted: &cursor.emitted,
                        at: &at,
                    },
                    end: judge,
                };
                let (found, spent) = win.solve(&ask, &mut pos, &mut scratch, expansions.left());
                effort.expansions = effort.expansions.saturating_add(expansions.charge(spent));
                if let Some((seg, makespan)) = found {
                    if trail || makespan < out.makespan {
                        out.seq.splice(win.lo..=win.hi, seg);
                        if !trail {
                            out.makespan = makespan;
                        }
                        // The stretch holds the same nodes: its positions
                        // and its transfers' positions are renewed in place.
                        let first = dpos.partition_point(|&p| p < win.lo);
                        let mut k = first;
                        for i in win.lo..=win.hi {
                            at[out.seq[i]] = i;
                            if is_dma(out.seq[i]) {
                                dpos[k] = i;
                                k = k.saturating_add(1);
                            }
                        }
                        effort.taken = effort.taken.saturating_add(1);
                        improved = true;
                    }
                }
            }
            if end == dpos.len() {
                break;
            }
            a = a.saturating_add((w / 2).max(1));
        }
        if !improved {
            break;
        }
    }
    if trail {
        // One play of the result (no slower than the given order, the time
        // model being monotone); an order that would not play (a bug) is
        // not returned.
        let mut m = Machine::new(stream);
        match play(stream, &mut m, &out.seq) {
            Some(()) if m.makespan() <= out.makespan => out.makespan = m.makespan(),
            _ => out.seq = seq.to_vec(),
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

/// What one window's DP builds, kept from window to window so that a
/// window allocates only when it outgrows every window before it: the
/// free transfers by rank and the fixed nodes, their dependences and
/// buffers, the states' links and the layers.
#[derive(Default)]
struct Scratch {
    free: Vec<NodeId>,
    fixed: Vec<NodeId>,
    earliest: Vec<usize>,
    free_preds: Vec<u64>,
    needs: Vec<u64>,
    local: WordMap<usize>,
    bufs: Vec<Buf>,
    fixed_bufs: Vec<Vec<usize>>,
    free_bufs: Vec<Vec<usize>>,
    arena: Vec<(Option<usize>, NodeId)>,
    gap: Vec<State>,
    next: Vec<State>,
    children: Vec<State>,
    by_set: WordMap<usize>,
}

/// `lists` with its first `n` lists empty (their room kept), at least `n`
/// long.
fn clear_lists(lists: &mut Vec<Vec<usize>>, n: usize) {
    for l in lists.iter_mut().take(n) {
        l.clear();
    }
    if lists.len() < n {
        lists.resize_with(n, Vec::new);
    }
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

    /// The best order of the stretch and the block's makespan with it (by
    /// `ask.end`), and the expansions spent; None when the DP found no
    /// complete placement within `budget`.
    fn solve(
        &self,
        ask: &Ask,
        pos: &mut [usize],
        scratch: &mut Scratch,
        budget: u64,
    ) -> (Option<(Vec<NodeId>, u64)>, u64) {
        let found = self.solve_tagged(ask, pos, scratch, budget);
        // The stretch's tags back to unset: `pos` is scratch of the block.
        for &v in &ask.seq[self.lo..=self.hi] {
            pos[v] = UNSET;
        }
        found
    }

    /// `solve`, with the stretch's nodes tagged in `pos` (left for `solve`
    /// to clear).
    #[allow(clippy::too_many_lines)]
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "positions are tags below the stretch's length plus FREE, and x - FREE or x - 1 is taken only of a tag at least that; masks shift by a free rank below MAX_TRANSFERS (64) and free.len() >= 1 here; byte sums add one block's buffers (below 2^62, sched::stream bounds) and subtract only bytes added; spent stops one past budget, a u64 count of loop steps"
    )]
    fn solve_tagged(
        &self,
        ask: &Ask,
        pos: &mut [usize],
        scratch: &mut Scratch,
        budget: u64,
    ) -> (Option<(Vec<NodeId>, u64)>, u64) {
        let Scratch {
            free,
            fixed,
            earliest,
            free_preds,
            needs,
            local,
            bufs,
            fixed_bufs,
            free_bufs,
            arena,
            gap,
            next,
            children,
            by_set,
        } = scratch;
        let &Ask {
            stream,
            graph,
            usable,
            seq,
            ref prefix,
            end,
        } = ask;
        let node = |v: NodeId| &stream.nodes[v];
        // Free transfers by rank, fixed nodes in order.
        free.clear();
        free.extend(self.free.iter().map(|&i| seq[i]));
        free.sort_by_key(|&v| {
            (
                node(v).kind == Kind::Load,
                node(v).duration,
                self.free.iter().position(|&i| seq[i] == v),
            )
        });
        fixed.clear();
        fixed.extend(
            (self.lo..=self.hi)
                .filter(|i| self.free.binary_search(i).is_err())
                .map(|i| seq[i]),
        );
        let (free, fixed): (&[NodeId], &[NodeId]) = (free, fixed);
        // Tags: 0 = before the stretch, 1 + layer for a fixed node, a rank
        // above both for a free transfer, MAX after the stretch (or not in
        // the order: a pure node). `pos` holds the stretch's; the others
        // come from the positions in the order.
        const FREE: usize = 1 << 40;
        for (j, &v) in fixed.iter().enumerate() {
            pos[v] = 1 + j;
        }
        for (r, &v) in free.iter().enumerate() {
            pos[v] = FREE + r;
        }
        let pos: &[usize] = pos;
        let tag = |v: NodeId| match pos[v] {
            UNSET if prefix.at[v] < self.lo => 0,
            UNSET => usize::MAX,
            t => t,
        };
        let nf = fixed.len();
        let full: u64 = if free.len() == 64 {
            u64::MAX
        } else {
            (1u64 << free.len()) - 1
        };
        // Per free transfer: earliest layer and free predecessors; per fixed
        // node: the free transfers it needs (transitively).
        earliest.clear();
        earliest.resize(free.len(), 0);
        free_preds.clear();
        free_preds.resize(free.len(), 0);
        for (r, &v) in free.iter().enumerate() {
            for p in graph.preds(v) {
                match tag(p) {
                    x if x >= FREE && x != usize::MAX => free_preds[r] |= 1 << (x - FREE),
                    x if x >= 1 && x <= nf => earliest[r] = earliest[r].max(x),
                    _ => {}
                }
            }
        }
        let free_preds: &[u64] = free_preds;
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
        needs.clear();
        needs.extend(fixed.iter().map(|&v| {
            let mut mask = 0u64;
            for p in graph.preds(v) {
                let t = tag(p);
                if t >= FREE && t != usize::MAX {
                    mask |= 1 << (t - FREE);
                }
            }
            closure(mask)
        }));
        let (earliest, needs): (&[usize], &[u64]) = (earliest, needs);
        // The machine and the users emitted before the stretch.
        let m0 = prefix.machine.clone();
        local.clear();
        let mut nbufs = 0usize;
        clear_lists(fixed_bufs, nf);
        clear_lists(free_bufs, free.len());
        for v in fixed.iter().chain(free) {
            for &b in &graph.releases[*v] {
                if !stream.buffers[b].lram {
                    continue;
                }
                let l = *local.entry(b as u64).or_insert_with(|| {
                    let new = Buf {
                        bytes: stream.buffers[b].bytes,
                        total: graph.buffer_users[b].len(),
                        before: prefix.emitted[b],
                        fixed: Vec::new(),
                        free: 0,
                    };
                    // A buffer of an earlier window keeps its list's room.
                    match bufs.get_mut(nbufs) {
                        Some(old) => {
                            let mut list = std::mem::take(&mut old.fixed);
                            list.clear();
                            *old = Buf { fixed: list, ..new };
                        }
                        None => bufs.push(new),
                    }
                    nbufs += 1;
                    nbufs - 1
                });
                match tag(*v) {
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
        // This window's (the scratch holds earlier windows' beyond them).
        let (bufs, fixed_bufs, free_bufs): (&[Buf], &[Vec<usize>], &[Vec<usize>]) =
            (&bufs[..nbufs], &fixed_bufs[..nf], &free_bufs[..free.len()]);
        // Live bytes at the stretch's start.
        let live0 = prefix.live;
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
        arena.clear();
        let mut spent = 0u64;
        let rem = |set: u64| -> u64 {
            free.iter()
                .enumerate()
                .filter(|(r, _)| set >> r & 1 == 0)
                .map(|(_, &v)| node(v).duration)
                .sum()
        };
        gap.clear();
        gap.push(State {
            set: 0,
            last: None,
            clock: m0.clock.clone(),
            live: live0,
            tail: None,
        });
        // What runs where before fixed node k (its clock is the first
        // state's, unused).
        let mut shape = m0;
        // `children`: the states one state of a gap grows (reused).
        children.clear();
        for k in 0..=nf {
            // The gap before fixed node k (after the last one when k == nf):
            // the layer's states, and those their transfers grow.
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
                        extend(stream, &shape.slots, st, free[r], None, next, arena)
                    });
                    children.extend(grown);
                }
                gap.append(children);
                if gap.len() > WIDTH * 16 {
                    break;
                }
            }
            if k == nf {
                return finish(stream, seq, self.hi, &shape, gap, full, arena, spent, end);
            }
            // Advance over fixed node k (the slice a start takes is the
            // layer's); merge equal sets.
            let v = fixed[k];
            let slice = shape.first_free_for(stream, v);
            next.clear();
            by_set.clear();
            for st in gap.drain(..) {
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
                    arena,
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
            std::mem::swap(gap, next);
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
/// under `End::Play` the one whose play of the rest of the order ends first
/// (ties: the first), with the block's makespan; under `End::Trail` the one
/// the current order's machine after the stretch trails, not in the same
/// state, that ends first (then by the sum of its slices' ends), with its
/// own makespan. Its stretch order too.
#[expect(clippy::too_many_arguments, reason = "the DP's state at its end")]
fn finish(
    stream: &Stream,
    seq: &[NodeId],
    hi: usize,
    shape: &Machine,
    gap: &[State],
    full: u64,
    arena: &[(Option<usize>, NodeId)],
    spent: u64,
    end: End,
) -> (Option<(Vec<NodeId>, u64)>, u64) {
    let mut best: Option<((u64, u64), Option<usize>)> = None;
    let mut m = shape.clone();
    for st in gap.iter().filter(|s| s.set == full) {
        m.clone_from(shape);
        m.clock.clone_from(&st.clock);
        let key = match end {
            End::Play => {
                if play(
                    stream,
                    &mut m,
                    seq.get(hi.saturating_add(1)..).unwrap_or(&[]),
                )
                .is_none()
                {
                    continue;
                }
                (m.makespan(), 0)
            }
            End::Trail(current) => {
                if !current.trails(&m) || m.same_as(current) {
                    continue;
                }
                let ends = m.clock.ends.iter().fold(0u64, |a, &e| a.saturating_add(e));
                (m.makespan(), ends)
            }
        };
        if best.is_none_or(|(b, _)| key < b) {
            best = Some((key, st.tail));
        }
    }
    let found = best.map(|((makespan, _), mut tail)| {
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
