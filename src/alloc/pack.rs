//! Packing time x address: the static storage allocation problem, exactly,
//! under a deterministic budget.
//!
//! Each item lives over `[lower, upper)` (op positions) and needs `size`
//! bytes; two items that live at the same time must not share an address;
//! every item must fit below `capacity`. The search is a depth-first search
//! over *canonical* placements (the idea of MiniMalloc, Moffitt, ASPLOS
//! 2023): every item sits on the floor or directly on top of an item it
//! overlaps in time, and items are placed in non-decreasing offset order, so
//! each step places one of the unplaced items at its current lowest offset.
//!
//! 1. *Sweep.* The distinct ends cut time into sections; an item covers a
//!    range of sections; where no item crosses from one section to the next
//!    the instance splits into independent partitions, each searched alone.
//! 2. *Search* (per partition). Unplaced items are ordered by their lowest
//!    offset, then by a static preorder (MiniMalloc's three, tried in turn:
//!    the lifespan's length, the area (lifespan x size) and the bytes
//!    unplaced in the item's most crowded maximal cross-section, as WAT,
//!    TAW, TWA). A branch is cut when it is not canonical (lower than the
//!    last placement in (offset, preorder) order), when the item would
//!    start at or above the top of another unplaced item's lowest placement
//!    (a gap no solution needs), or when some section's floor plus the
//!    unplaced bytes crossing it exceed the capacity (every item crossing a
//!    section overlaps every other in time, so they stack). A section's
//!    floor is exact: the lowest offset any of its unplaced items can still
//!    take, recomputed for every section of the placed item and of each
//!    item whose lowest offset it raised. (MiniMalloc recomputes only the
//!    latter; a filter that skipped sections whose floor looked unchanged
//!    left instance I of its challenging set unplaced at 10^6 nodes, and
//!    with the exact floor it places in 14,507.) When a placement leaves no
//!    unplaced item crossing some section boundary, the rest splits there
//!    into independent problems, each searched from the floor again in a
//!    preorder of its own from the bytes still unplaced (MiniMalloc's
//!    dynamic decomposition). A placement that leaves no unplaced item
//!    overlapping the placed one ("hatless") constrains no one: when its
//!    subtree fails, no sibling can succeed (MiniMalloc's hatless pruning).
//! 3. *Budget and restarts.* Search nodes are counted, never time, and
//!    with them the work of the placements (`WORK_PER_NODE` section and
//!    overlap visits per node of the budget, on average): where every item
//!    overlaps every other, as when a block's buffers are never freed, one
//!    node visits n^2 of them (the 2,000 buffers of a 1,000-program block
//!    without deallocations: up to 10^7), and a 4,000-node budget alone
//!    would let one packing run for minutes; the work bound stops such a search
//!    as a spent budget does (`Outcome::Unknown`), and leaves the
//!    MiniMalloc set and the pipeline's own questions at their nodes. The
//!    search runs in rounds whose node limit grows fourfold from the
//!    partition's size. In a round the three preorders take turns at the
//!    limit; in the first two rounds as many nodes again go to short
//!    restarts (the partition's size each) from a *shaken* preorder: WAT
//!    with each lifespan scaled by a factor in [3/4, 5/4), drawn anew per
//!    restart from a fixed seed. The first round runs the preorders first,
//!    the second its restarts first. It stops when one finds a placement,
//!    one exhausts its tree (the partition is proven to have no placement:
//!    `Outcome::Infeasible`), or the budget is spent (`Outcome::Unknown`).
//!    The restarts are for the heavy tail of a backtracking search (Gomes,
//!    Selman and Kautz, 1998): on the swap-free question of the pipeline's
//!    tight blocks (a chain of weight tiles of 40-45% of LRAM, or of mixed
//!    sizes, with small outputs living across them, the live bytes within
//!    1% of LRAM), a static preorder's early choice can leave a tree of
//!    10^6 nodes without a placement, while a shaken greedy descent (n
//!    nodes, no backtracking) places it, often after ten or twenty others.
//!    Past the first rounds an instance is one that deep runs decide, and
//!    restarts there only take nodes from them (on MiniMalloc's challenging
//!    set, restarts in every round took 2-3.4x the nodes). Every round
//!    repeats the previous one's nodes (the search is deterministic), so
//!    the growth of the limit sets that overhead: fourfold repeats a third,
//!    twofold as much again as the last round. Of the 169 distinct
//!    instances the corpus's blocks ask at efforts 1-3 (`cargo bench
//!    --bench packings`, benches/pipeline-packings/), 151 place within the
//!    2,000 nodes the pipeline gives the question without swaps and 153
//!    within 4,000 (134 and 135 without restarts; 151 and 152 with them in
//!    every round, doubling); MiniMalloc's eleven take 411,575 nodes in all
//!    (939,931 with restarts in every round, 460,765 without any).
//! 4. *Check.* A placement is re-checked pairwise (items sorted by `lower`,
//!    an active list) before it is returned; a failed check is an internal
//!    error reported as `Unknown`, never a wrong placement.
//!
//! Cost: the sweep is O(n log n + overlapping pairs); a search node costs
//! O(unplaced + the placed item's overlaps and sections + the members of
//! the sections whose floor may rise), plus the sections of its range when
//! its offset is above the last placement's (the capacity check; at the
//! same offset only the sections it changed are checked again). The root's
//! static preorders are sorted once per partition, and a node allocates
//! nothing once the first descent has sized the scratch. The first descent
//! of the search is the greedy "lowest floor first" packing, so an easy
//! instance costs about n nodes.
//!
//! In a (sub-)problem of at least `INDEX_FROM` (1,024) items the unplaced
//! term is gone: its children are kept in ordered sets (`Open`: by
//! (lowest offset, rank) and by the top of the lowest placement), so a node
//! finds its least child and the lowest top in O(log n), and a placement
//! updates the sets for the item it places and each item it raises (undone
//! on the way back; these updates allocate); below `SCAN_BELOW` (256) unplaced items the search
//! scans again, where that is cheaper. The same children in the same order
//! either way (a unit test compares the packings and their nodes): on the
//! 1,816-item packing the 1,000-program decoder block asks, 4,000 nodes
//! take 12 ms instead of 20.

use crate::budget::Budget;
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::ops::Bound;

/// One buffer to place: alive over `[lower, upper)`, `size` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    pub lower: u64,
    pub upper: u64,
    pub size: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Every item has an offset.
    Placed,
    /// Proven: no placement within the capacity exists.
    Infeasible,
    /// The budget ended first.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    pub outcome: Outcome,
    /// One offset per item when `Placed` (multiples of `align`).
    pub offsets: Vec<u64>,
    /// The highest `offset + size` when `Placed`.
    pub height: u64,
    /// Search nodes spent.
    pub nodes: u64,
}

/// MiniMalloc's CSV format (google/minimalloc; its challenging set is
/// vendored in benches/minimalloc/): `buffer,start,end,size` lines under a
/// header, lifespans `[start, end)`: the packer's items, in file order.
pub fn read_minimalloc(text: &str) -> Result<Vec<Item>, String> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f = l
                .split(',')
                .map(|x| x.trim().parse::<u64>())
                .collect::<Result<Vec<u64>, _>>()
                .map_err(|e| format!("{l:?}: {e}"))?;
            match f[..] {
                [_, lower, upper, size] => Ok(Item { lower, upper, size }),
                _ => Err(format!("{l:?}: not four fields")),
            }
        })
        .collect()
}

/// The largest capacity packed (offsets and sizes are at most the capacity,
/// so a sum of two stays in u64): larger is `Unknown`.
pub const MAX_CAPACITY: u64 = 1 << 62;

/// Partitions above this many items are not searched (the search's depth is
/// the partition's size): `Unknown`.
pub const MAX_PARTITION_ITEMS: usize = 4000;

/// The most bytes alive at once (an item's end frees before a start at
/// the same time allocates).
pub fn peak(items: &[Item]) -> u64 {
    let mut ev: Vec<(u64, i128)> = Vec::with_capacity(items.len().saturating_mul(2));
    for it in items {
        ev.push((it.lower, i128::from(it.size)));
        ev.push((it.upper, 0i128.saturating_sub(i128::from(it.size))));
    }
    ev.sort_unstable();
    let (mut live, mut best) = (0i128, 0i128);
    for (_, d) in ev {
        live = live.saturating_add(d);
        best = best.max(live);
    }
    u64::try_from(best).unwrap_or(u64::MAX)
}

/// Places `items` below `capacity` with offsets that are multiples of
/// `align` (>= 1), spending at most `budget` search nodes.
pub fn pack(items: &[Item], capacity: u64, align: u64, budget: u64) -> Packing {
    pack_with(items, capacity, align, budget, INDEX_FROM)
}

/// `pack`, indexing the children of a node (`Open`) in partitions of at
/// least `index_from` items: the same search either way (a unit test
/// compares them), at a cost per node that does not grow with the
/// partition where indexed.
fn pack_with(items: &[Item], capacity: u64, align: u64, budget: u64, index_from: usize) -> Packing {
    let align = align.max(1);
    let unknown = |nodes| Packing {
        outcome: Outcome::Unknown,
        offsets: Vec::new(),
        height: 0,
        nodes,
    };
    let infeasible = |nodes| Packing {
        outcome: Outcome::Infeasible,
        offsets: Vec::new(),
        height: 0,
        nodes,
    };
    if items.is_empty() {
        return Packing {
            outcome: Outcome::Placed,
            offsets: Vec::new(),
            height: 0,
            nodes: 0,
        };
    }
    if capacity > MAX_CAPACITY {
        return unknown(0);
    }
    if items.iter().any(|it| it.size > capacity) || peak(items) > capacity {
        return infeasible(0);
    }
    // One node per placed item: a budget below that cannot place them all
    // (the sweep alone would cost more than the answer is worth).
    if budget <= items.len() as u64 {
        return unknown(0);
    }
    let sweep = Sweep::new(items);
    let mut offsets = vec![0u64; items.len()];
    let mut spent = Budget::new(budget);
    let mut work = budget.saturating_mul(WORK_PER_NODE);
    for part in &sweep.partitions {
        let nodes = spent.spent();
        if part.items.len() > MAX_PARTITION_ITEMS {
            return unknown(nodes);
        }
        // Each partition searches with what is left, counted from 0.
        let mut mine = spent.part(spent.left());
        let mut search = Search::new(items, &sweep, part, capacity, align);
        search.index_from = index_from;
        search.work_left = work;
        let outcome = search.run(&mut mine);
        work = search.work_left;
        spent.absorb(mine);
        let nodes = spent.spent();
        match outcome {
            Outcome::Placed => {
                for &i in &part.items {
                    offsets[i] = search.best[i];
                }
            }
            Outcome::Infeasible => return infeasible(nodes),
            Outcome::Unknown => return unknown(nodes),
        }
    }
    let nodes = spent.spent();
    if !valid(items, &offsets, capacity, align) {
        tracing::error!(target: "torq-assign-lram-addresses", "internal: the packing failed its check; not used");
        return unknown(nodes);
    }
    let height = items
        .iter()
        .zip(&offsets)
        .map(|(it, &o)| o.saturating_add(it.size))
        .max()
        .unwrap_or(0);
    Packing {
        outcome: Outcome::Placed,
        offsets,
        height,
        nodes,
    }
}

/// Pairwise check: within capacity, aligned, and no two items alive at once
/// share a byte.
pub fn valid(items: &[Item], offsets: &[u64], capacity: u64, align: u64) -> bool {
    if offsets.len() != items.len() {
        return false;
    }
    for (it, &o) in items.iter().zip(offsets) {
        if o.checked_rem(align.max(1)) != Some(0)
            || o.checked_add(it.size).is_none_or(|top| top > capacity)
        {
            return false;
        }
    }
    let mut by_lower: Vec<usize> = (0..items.len()).collect();
    by_lower.sort_by_key(|&i| (items[i].lower, i));
    let mut active: Vec<usize> = Vec::new();
    for &i in &by_lower {
        let it = items[i];
        active.retain(|&j| items[j].upper > it.lower);
        for &j in &active {
            let (a, b) = (offsets[i], offsets[j]);
            if a < b.saturating_add(items[j].size) && b < a.saturating_add(it.size) {
                return false;
            }
        }
        if it.upper > it.lower {
            active.push(i);
        }
    }
    true
}

struct Partition {
    items: Vec<usize>,
    /// Sections `[first, last)`.
    sections: (usize, usize),
}

struct Sweep {
    /// Per section: the items alive in it.
    sections: Vec<Vec<usize>>,
    /// Per item: its sections `[lo, hi)`.
    span: Vec<(usize, usize)>,
    /// Per item: the items alive at the same time.
    overlaps: Vec<Vec<usize>>,
    partitions: Vec<Partition>,
    /// Per section: whether some item ends where it ends. These are the
    /// maximal cross-sections MiniMalloc's sweep keeps, over which the
    /// preorders take an item's most crowded section.
    closing: Vec<bool>,
}

impl Sweep {
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "section and part numbers are below the count of distinct item ends (at most twice the items, at most MAX_PARTITION_ITEMS): k + 1, lo + 1 and hi - 1 (hi > lo) index vectors of that length plus one; crossing counts items, at most their number"
    )]
    fn new(items: &[Item]) -> Sweep {
        let mut points: Vec<u64> = items
            .iter()
            .flat_map(|it| [it.lower, it.upper.max(it.lower + 1)])
            .collect();
        points.sort_unstable();
        points.dedup();
        let at = |t: u64| points.partition_point(|&p| p < t);
        let span: Vec<(usize, usize)> = items
            .iter()
            .map(|it| (at(it.lower), at(it.upper.max(it.lower + 1))))
            .collect();
        let n_sections = points.len().saturating_sub(1);
        let mut sections = vec![Vec::new(); n_sections];
        for (i, &(lo, hi)) in span.iter().enumerate() {
            for s in &mut sections[lo..hi] {
                s.push(i);
            }
        }
        let mut overlaps = vec![Vec::new(); items.len()];
        let mut by_lo: Vec<usize> = (0..items.len()).collect();
        by_lo.sort_by_key(|&i| (span[i].0, i));
        let mut active: Vec<usize> = Vec::new();
        for &i in &by_lo {
            active.retain(|&j| span[j].1 > span[i].0);
            for &j in &active {
                overlaps[i].push(j);
                overlaps[j].push(i);
            }
            active.push(i);
        }
        // Partitions: cut between sections k-1 and k when no item crosses.
        let mut crossing = vec![0i64; n_sections + 1];
        for &(lo, hi) in &span {
            // Crosses the boundaries lo+1 .. hi-1.
            if hi > lo + 1 {
                crossing[lo + 1] += 1;
                crossing[hi] -= 1;
            }
        }
        let mut part_of_section = vec![0usize; n_sections];
        let mut parts: Vec<(usize, usize)> = Vec::new();
        let mut run = 0i64;
        for k in 0..n_sections {
            run += crossing[k];
            if k == 0 || run == 0 {
                parts.push((k, k + 1));
            } else if let Some(last) = parts.last_mut() {
                last.1 = k + 1;
            }
            part_of_section[k] = parts.len() - 1;
        }
        let mut partitions: Vec<Partition> = parts
            .iter()
            .map(|&r| Partition {
                items: Vec::new(),
                sections: r,
            })
            .collect();
        for (i, &(lo, _)) in span.iter().enumerate() {
            partitions[part_of_section[lo]].items.push(i);
        }
        partitions.retain(|p| !p.items.is_empty());
        let mut closing = vec![false; n_sections];
        for &(_, hi) in &span {
            closing[hi - 1] = true;
        }
        Sweep {
            sections,
            span,
            overlaps,
            partitions,
            closing,
        }
    }
}

/// The static preorders, tried in turn (`Search::sort_preorder`).
const PREORDERS: usize = 3;

/// The shaken preorder of the restarts: WAT, each item's lifespan scaled
/// by a factor in [3/4, 5/4) drawn per restart (`Search::run`).
const SHAKEN: usize = PREORDERS;

/// The factors' unit (1.0), their range ([3/4, 5/4) of it) and the
/// restarts' seed: the draws are the same in every run, so a packing is a
/// function of its instance and budget.
const SHAKE_ONE: u64 = 1024;
const SHAKE_LOW: u64 = SHAKE_ONE / 4 * 3;
const SHAKE_HIGH: u64 = SHAKE_ONE / 4 * 5 - 1;
const SHAKE_SEED: u64 = 0x7061_636b;

/// A round's node limit is this many times the previous round's.
const ROUND_GROWTH: u64 = 4;

/// The rounds that spend nodes on restarts (the first ones).
const RESTART_ROUNDS: u32 = 2;

/// Partitions of at least this many items index the children of a node
/// (`Open`). Below it a node's scan over its unplaced items is cheaper than
/// keeping the index (four ordered-set updates per item a placement
/// raises, and as many to undo them).
const INDEX_FROM: usize = 1024;

/// The work a search may do per node of its budget, on average: the
/// sections and overlapping items a placement visits (its own sections,
/// the items it raises and the members of the sections whose floor it may
/// raise). A node of an ordinary instance visits tens to thousands; where
/// every item overlaps every other (a block whose buffers are never
/// freed), one node visits n^2, and this bounds the packing's time where
/// the node count alone would not.
const WORK_PER_NODE: u64 = 1 << 14;

/// The work of re-keying a raised item in the index (four ordered-set
/// updates and their undoing), in section visits.
const INDEX_UPDATE_WORK: u64 = 32;

/// An indexed problem with fewer unplaced items than this is searched by
/// scans from there down.
const SCAN_BELOW: usize = 256;

/// The unplaced items of the (sub-)problem being searched, in the order a
/// node tries its children, and by the top of their lowest placement: a
/// node finds its least child and the lowest top in O(log n) instead of a
/// scan over every unplaced item. A placement updates it for the item it
/// places and each item whose lowest offset it raises, and undoes that.
#[derive(Default)]
struct Open {
    children: BTreeSet<Child>,
    tops: BTreeSet<(u64, usize)>,
}

struct Search<'a> {
    items: &'a [Item],
    sweep: &'a Sweep,
    part: &'a Partition,
    capacity: u64,
    align: u64,
    offset: Vec<Option<u64>>,
    min_offset: Vec<u64>,
    floor: Vec<u64>,
    total: Vec<u64>,
    /// Preorder rank of each item (of the preorder in use), and which.
    rank: Vec<usize>,
    which: usize,
    /// Per section boundary (between s and s + 1): the unplaced items that
    /// cross it. Where it drops to 0 the rest splits in two.
    cuts: Vec<u32>,
    best: Vec<u64>,
    /// The nodes the current attempt may still open.
    nodes: Budget,
    /// Undo stacks of the floors and lowest offsets a placement changed
    /// (each placement pops back to its marks), and scratch: no search
    /// node allocates once the first descent has sized them.
    floor_undo: Vec<(usize, u64)>,
    offset_undo: Vec<(usize, u64)>,
    affected: Vec<usize>,
    /// Per section: the epoch of the placement that last listed it in
    /// `affected` (a list without duplicates, without a sort).
    stamp: Vec<u32>,
    epoch: u32,
    /// Per item: its lifespan's factor in the shaken preorder (in
    /// 1/`SHAKE_ONE`).
    shake: Vec<u64>,
    /// Per depth: a node's candidate list and its children's parent list.
    pool: Vec<(Vec<Child>, Vec<usize>)>,
    /// Per item of the partition: its `keys` at the root, and the static
    /// preorders at the root once sorted.
    root_key: Vec<(u64, u64, u64)>,
    root_orders: [Option<Vec<usize>>; PREORDERS],
    /// The offset of the last placement on the way to the current node,
    /// whose check every section of the node's range passed (`try_child`).
    checked: Option<u64>,
    /// Scratch of the sub-problems (`descend`) and of their sorts.
    bufs: Vec<Vec<usize>>,
    keyed: Vec<((u64, u64, u64), usize)>,
    /// Per problem on the way to the current node (the root's, then each
    /// sub-problem's): its children's index (`Open`) where it has at least
    /// `index_from` items, else `None` (a node scans its parent's list).
    index_from: usize,
    open: Vec<Option<Open>>,
    /// Whether the last of `open` is an index.
    top_indexed: bool,
    /// The work the search may still do (`WORK_PER_NODE`): section and
    /// overlap visits of the placements; at 0 the search stops as when
    /// its nodes are spent.
    work_left: u64,
    /// The partition's items by their first section: a sub-problem's items
    /// are the unplaced ones whose first section is in its window.
    by_lo: Vec<usize>,
}

/// A child of a search node: (lowest offset, preorder rank, item).
type Child = (u64, usize, usize);

enum Status {
    Found,
    NotFound,
    Aborted,
}

impl<'a> Search<'a> {
    fn new(
        items: &'a [Item],
        sweep: &'a Sweep,
        part: &'a Partition,
        capacity: u64,
        align: u64,
    ) -> Self {
        let mut total = vec![0u64; sweep.sections.len()];
        for (s, members) in sweep.sections.iter().enumerate() {
            total[s] = members.iter().map(|&i| items[i].size).sum();
        }
        let mut cuts = vec![0u32; sweep.sections.len()];
        for &(lo, hi) in &sweep.span {
            for c in &mut cuts[lo..hi.saturating_sub(1)] {
                *c = c.saturating_add(1);
            }
        }
        let mut search = Search {
            cuts,
            items,
            sweep,
            part,
            capacity,
            align,
            offset: vec![None; items.len()],
            min_offset: vec![0; items.len()],
            floor: vec![0; sweep.sections.len()],
            total,
            rank: vec![0; items.len()],
            which: 0,
            best: vec![0; items.len()],
            nodes: Budget::new(0),
            floor_undo: Vec::new(),
            offset_undo: Vec::new(),
            affected: Vec::new(),
            stamp: vec![0; sweep.sections.len()],
            epoch: 0,
            shake: vec![SHAKE_ONE; items.len()],
            pool: Vec::new(),
            root_key: vec![(0, 0, 0); items.len()],
            root_orders: Default::default(),
            checked: None,
            bufs: Vec::new(),
            keyed: Vec::new(),
            index_from: usize::MAX,
            open: Vec::new(),
            top_indexed: false,
            work_left: u64::MAX,
            by_lo: Vec::new(),
        };
        for &i in &part.items {
            search.root_key[i] = search.keys(i);
        }
        search.by_lo = part.items.clone();
        search.by_lo.sort_unstable_by_key(|&i| (sweep.span[i].0, i));
        search
    }

    /// After placing `i`: the rest as one problem, or, where no unplaced item
    /// crosses a section boundary any more, as independent problems (each
    /// canonical from the floor again), all of which must be solved.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "cuts[s] counts the items that cross section s (at most MAX_PARTITION_ITEMS) and is decremented only for an item counted there; s + 1 is a section number, below their count"
    )]
    fn descend(
        &mut self,
        next: &[usize],
        (a, b): (usize, usize),
        i: usize,
        off: u64,
        rank: usize,
    ) -> Status {
        let (lo, hi) = self.sweep.span[i];
        let mut cutpoints = Vec::new();
        for s in lo..hi.saturating_sub(1) {
            self.cuts[s] -= 1;
            if self.cuts[s] == 0 && s + 1 > a && s + 1 < b {
                cutpoints.push(s + 1);
            }
        }
        let status = if cutpoints.is_empty() {
            self.dfs(next, (a, b), off, rank)
        } else {
            cutpoints.sort_unstable();
            cutpoints.push(b);
            let mut status = Status::Found;
            // The windows between consecutive cuts, from `a` to `b`.
            let mut from = a;
            for &to in &cutpoints {
                let (ra, rb) = (from, to);
                from = to;
                let mut sub = self.bufs.pop().unwrap_or_default();
                sub.clear();
                // No unplaced item crosses a cut, so the window's are the
                // unplaced items that start in it.
                let in_window = |k: usize| {
                    let (klo, khi) = self.sweep.span[k];
                    self.offset[k].is_none() && klo < rb && ra < khi
                };
                match self.open.last() {
                    Some(Some(open)) => {
                        sub.extend(open.children.iter().map(|c| c.2).filter(|&k| in_window(k)));
                    }
                    _ => sub.extend(next.iter().copied().filter(|&k| in_window(k))),
                }
                if sub.is_empty() {
                    self.bufs.push(sub);
                    continue;
                }
                // Each sub-problem in a preorder of its own, from the bytes
                // still unplaced (MiniMalloc's sub-solves); the ranks are
                // restored after it.
                self.sort_preorder(self.which, &mut sub);
                let mut saved = self.bufs.pop().unwrap_or_default();
                saved.clear();
                saved.extend(sub.iter().map(|&k| self.rank[k]));
                for (r, &k) in sub.iter().enumerate() {
                    self.rank[k] = r;
                }
                self.open_push(&sub);
                let found = self.dfs(&sub, (ra, rb), 0, 0);
                self.open_pop();
                for (&k, &r) in sub.iter().zip(&saved) {
                    self.rank[k] = r;
                }
                self.bufs.push(sub);
                self.bufs.push(saved);
                match found {
                    Status::Found => {}
                    other => {
                        status = other;
                        break;
                    }
                }
            }
            status
        };
        for s in lo..hi.saturating_sub(1) {
            self.cuts[s] += 1;
        }
        status
    }

    /// The root's preorder `which` (every item unplaced): the static ones
    /// are sorted once per partition and kept; the shaken one is sorted
    /// anew from the root's keys, which do not change.
    fn root_preorder(&mut self, which: usize) -> Vec<usize> {
        if let Some(order) = self.root_orders.get(which).and_then(Option::as_ref) {
            return order.clone();
        }
        let mut order = self.part.items.clone();
        order.sort_unstable_by_key(|&i| (Reverse(self.key(which, i, self.root_key[i])), i));
        if let Some(slot) = self.root_orders.get_mut(which) {
            *slot = Some(order.clone());
        }
        order
    }

    /// An item's lifespan, area and crowd (below), from the bytes still
    /// unplaced in its sections.
    fn keys(&self, i: usize) -> (u64, u64, u64) {
        let it = self.items[i];
        let lifespan = it.upper.saturating_sub(it.lower);
        let area = lifespan.saturating_mul(it.size);
        (lifespan, area, self.crowd(i))
    }

    /// The bytes still unplaced in the most crowded of the item's maximal
    /// cross-sections.
    fn crowd(&self, i: usize) -> u64 {
        let (lo, hi) = self.sweep.span[i];
        (lo..hi)
            .filter(|&s| self.sweep.closing[s])
            .map(|s| self.total[s])
            .max()
            .unwrap_or(0)
    }

    /// Preorder `which`'s key of item `i` from its `keys`: the (W)idth of
    /// its lifespan in time, the (A)rea (lifespan x size) and the (T)otal
    /// bytes still unplaced in the most crowded of its maximal
    /// cross-sections, in the orders WAT, TAW, TWA; `SHAKEN` is WAT with
    /// each lifespan scaled by the item's factor in `shake`. Larger first,
    /// then the item's index.
    fn key(
        &self,
        which: usize,
        i: usize,
        (lifespan, area, crowd): (u64, u64, u64),
    ) -> (u64, u64, u64) {
        match which {
            0 => (lifespan, area, crowd),
            1 => (crowd, area, lifespan),
            2 => (crowd, lifespan, area),
            _ => {
                // Scaled in u128: a lifespan below 2^64 times a factor
                // below 2^11, divided by 2^10, stays below 2^65; the
                // result saturates to u64.
                let scaled = u128::from(lifespan)
                    .saturating_mul(u128::from(self.shake[i]))
                    .checked_div(u128::from(SHAKE_ONE))
                    .unwrap_or(0);
                (u64::try_from(scaled).unwrap_or(u64::MAX), area, crowd)
            }
        }
    }

    /// Sorts `order` by preorder `which` (`key`), from the bytes still
    /// unplaced.
    fn sort_preorder(&mut self, which: usize, order: &mut Vec<usize>) {
        // Each key once (the crowd scans the item's sections); the keys are
        // distinct (the index is the last), so an unstable sort is one order.
        let mut keyed = std::mem::take(&mut self.keyed);
        keyed.clear();
        keyed.extend(order.iter().map(|&i| {
            let (lifespan, area, _) = self.root_key[i];
            (self.key(which, i, (lifespan, area, self.crowd(i))), i)
        }));
        keyed.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        order.clear();
        order.extend(keyed.iter().map(|&(_, i)| i));
        self.keyed = keyed;
    }

    /// One depth-first search from the root in preorder `which`, with at
    /// most `grant` of the nodes `budget` holds; `None` when the grant ran
    /// out.
    fn attempt(&mut self, which: usize, grant: u64, budget: &mut Budget) -> Option<Outcome> {
        self.which = which;
        let order = self.root_preorder(which);
        for (r, &i) in order.iter().enumerate() {
            self.rank[i] = r;
        }
        self.nodes = budget.part(grant);
        self.checked = None;
        self.open_push(&order);
        let status = self.dfs(&order, self.part.sections, 0, 0);
        self.open_pop();
        budget.absorb(self.nodes);
        match status {
            Status::Found => Some(Outcome::Placed),
            Status::NotFound => Some(Outcome::Infeasible),
            Status::Aborted => None,
        }
    }

    /// Rounds with a node limit that grows `ROUND_GROWTH`-fold from the
    /// partition's size. In a round the static preorders take turns at the
    /// limit; in the first `RESTART_ROUNDS` rounds short restarts (the
    /// partition's size each) from freshly shaken preorders spend as many
    /// nodes again. The first round runs the static preorders first (an
    /// easy instance places in their greedy descents); the second its
    /// restarts first (a heavy tail is left before a deeper static run).
    fn run(&mut self, budget: &mut Budget) -> Outcome {
        let n = (self.part.items.len() as u64).max(1);
        let mut rng = Rng::new(SHAKE_SEED);
        let mut limit = n;
        let mut round = 0u32;
        loop {
            let turns: &[bool] = match round {
                0 => &[false, true],
                r if r < RESTART_ROUNDS => &[true, false],
                _ => &[false],
            };
            for &shaken in turns {
                let done = if shaken {
                    let more = limit.saturating_mul(PREORDERS as u64);
                    let until = budget.spent().saturating_add(more).min(budget.given());
                    self.restarts(&mut rng, n, until, budget)
                } else {
                    self.static_turns(limit, budget)
                };
                if let Some(outcome) = done {
                    return outcome;
                }
                if budget.is_spent() || self.work_left == 0 {
                    return Outcome::Unknown;
                }
            }
            limit = limit.saturating_mul(ROUND_GROWTH);
            round = round.saturating_add(1);
        }
    }

    /// The static preorders in turn, each at most `limit` nodes.
    fn static_turns(&mut self, limit: u64, budget: &mut Budget) -> Option<Outcome> {
        for which in 0..PREORDERS {
            if budget.is_spent() || self.work_left == 0 {
                return None;
            }
            if let Some(outcome) = self.attempt(which, limit, budget) {
                return Some(outcome);
            }
        }
        None
    }

    /// Restarts of at most `limit` nodes each from shaken preorders, until
    /// `budget` has spent `until` nodes.
    fn restarts(
        &mut self,
        rng: &mut Rng,
        limit: u64,
        until: u64,
        budget: &mut Budget,
    ) -> Option<Outcome> {
        while budget.spent() < until && self.work_left > 0 {
            for f in &mut self.shake {
                *f = rng.range(SHAKE_LOW, SHAKE_HIGH);
            }
            let grant = limit.min(until.saturating_sub(budget.spent()));
            if let Some(outcome) = self.attempt(SHAKEN, grant, budget) {
                return Some(outcome);
            }
        }
        None
    }

    /// The problem searched next (popped when it returns): an `Open` of
    /// the unplaced items of `items`, at their current lowest offsets and
    /// ranks, where they are at least `index_from`.
    fn open_push(&mut self, items: &[usize]) {
        if items.len() < self.index_from {
            self.open_put(None);
            return;
        }
        // Collected, then built in bulk (a sort and a build from sorted
        // keys, not one insertion each).
        let unplaced = || items.iter().copied().filter(|&i| self.offset[i].is_none());
        let open = Open {
            children: unplaced()
                .map(|i| (self.min_offset[i], self.rank[i], i))
                .collect(),
            tops: unplaced()
                .map(|i| (self.min_offset[i].saturating_add(self.items[i].size), i))
                .collect(),
        };
        self.open_put(Some(open));
    }

    /// Whether the current problem's children are indexed.
    fn indexed(&self) -> bool {
        self.top_indexed
    }

    fn open_put(&mut self, open: Option<Open>) {
        self.top_indexed = open.is_some();
        self.open.push(open);
    }

    fn open_pop(&mut self) {
        self.open.pop();
        self.top_indexed = matches!(self.open.last(), Some(Some(_)));
    }

    /// Where indexed: item `i` (unplaced, in the current problem) leaves the
    /// index (`enter` false) or enters it, at its current lowest offset.
    fn open_set(&mut self, i: usize, enter: bool) {
        if !self.indexed() {
            return;
        }
        let child = (self.min_offset[i], self.rank[i], i);
        let top = (self.min_offset[i].saturating_add(self.items[i].size), i);
        if let Some(Some(open)) = self.open.last_mut() {
            if enter {
                open.children.insert(child);
                open.tops.insert(top);
            } else {
                open.children.remove(&child);
                open.tops.remove(&top);
            }
        }
    }

    /// Sets the lowest offset of unplaced item `j`, and its place in the
    /// index.
    fn set_min_offset(&mut self, j: usize, to: u64) {
        self.open_set(j, false);
        self.min_offset[j] = to;
        self.open_set(j, true);
    }

    /// Where indexed: the least child after `from` (canonical, below the
    /// lowest top, fitting below the capacity), as `children` finds it.
    fn open_child(&self, from: Bound<Child>) -> Option<Child> {
        let open = self.open.last()?.as_ref()?;
        let &(min_height, _) = open.tops.first()?;
        open.children
            .range((from, Bound::Unbounded))
            .take_while(|c| c.0 < min_height)
            .find(|c| c.0.saturating_add(self.items[c.2].size) <= self.capacity)
            .copied()
    }

    /// Whether every section of `a..b` `fits` with the next placements at
    /// `offset` or above.
    fn check(&self, offset: u64, (a, b): (usize, usize)) -> bool {
        (a..b).all(|s| self.fits(s, offset))
    }

    /// Whether section `s`'s unplaced bytes fit above its floor, or above
    /// `offset` (where the next placements go) when that is higher: they
    /// all live at once, so they stack.
    fn fits(&self, s: usize, offset: u64) -> bool {
        self.floor[s].max(offset).saturating_add(self.total[s]) <= self.capacity
    }

    /// Places the unplaced items of `parent` (those alive in sections
    /// `range`), canonically after (`last_offset`, `last_rank`).
    fn dfs(
        &mut self,
        parent: &[usize],
        range: (usize, usize),
        last_offset: u64,
        last_rank: usize,
    ) -> Status {
        if self.work_left == 0 || !self.nodes.take() {
            return Status::Aborted;
        }
        let (mut ordering, mut next) = self.pool.pop().unwrap_or_default();
        ordering.clear();
        next.clear();
        let status = self.children(
            parent,
            range,
            last_offset,
            last_rank,
            &mut ordering,
            &mut next,
        );
        self.pool.push((ordering, next));
        status
    }

    /// The children of a node (`dfs`): each unplaced item of `parent` at its
    /// lowest offset, canonically after (`last_offset`, `last_rank`), in
    /// (offset, rank) order. Only a child below the lowest top of the
    /// unplaced items (`min_height`; a child at or above it leaves a gap no
    /// placement needs) that fits below the capacity is tried. The least is
    /// found by a scan that keeps nothing, and the others are listed and
    /// sorted only when it fails (the first child usually succeeds, so a
    /// node costs two passes over the unplaced items, not a list and a
    /// sort). Trying a child leaves the state as it found it, so the others
    /// are the same list after it as before.
    fn children(
        &mut self,
        parent: &[usize],
        range: (usize, usize),
        last_offset: u64,
        last_rank: usize,
        ordering: &mut Vec<Child>,
        next: &mut Vec<usize>,
    ) -> Status {
        if let Some(Some(open)) = self.top_indexed.then(|| self.open.last()).flatten() {
            if open.children.len() >= SCAN_BELOW.min(self.index_from) {
                return self.open_children(range, last_offset, last_rank);
            }
            // Few items left: a scan costs less than keeping the index, so
            // the search below scans them (the index, which it does not
            // touch, is as it was when it returns here).
            let mut left = self.bufs.pop().unwrap_or_default();
            left.clear();
            left.extend(open.children.iter().map(|c| c.2));
            self.open_put(None);
            let status = self.children(&left, range, last_offset, last_rank, ordering, next);
            self.open_pop();
            self.bufs.push(left);
            return status;
        }
        let mut min_height = u64::MAX;
        for &i in parent {
            if self.offset[i].is_none() {
                next.push(i);
                min_height = min_height.min(self.min_offset[i].saturating_add(self.items[i].size));
            }
        }
        if next.is_empty() {
            return Status::Found;
        }
        let tried = |search: &Self, i: usize| {
            let child = (search.min_offset[i], search.rank[i], i);
            let ok = (child.0, child.1) >= (last_offset, last_rank)
                && child.0 < min_height
                && child.0.saturating_add(search.items[i].size) <= search.capacity;
            ok.then_some(child)
        };
        let Some(least) = next.iter().filter_map(|&i| tried(self, i)).min() else {
            return Status::NotFound;
        };
        let mut hatless = false;
        match self.try_child(least, next, range, &mut hatless) {
            // Nothing unplaced overlaps it: placed first or later, it
            // constrains no one, so no other child can do better.
            Status::NotFound if hatless => return Status::NotFound,
            Status::NotFound => {}
            other => return other,
        }
        ordering.extend(
            next.iter()
                .filter_map(|&i| tried(self, i))
                .filter(|&c| c != least),
        );
        ordering.sort_unstable();
        for &child in ordering.iter() {
            let status = self.try_child(child, next, range, &mut hatless);
            match status {
                Status::NotFound if hatless => return Status::NotFound,
                Status::NotFound => {}
                other => return other,
            }
        }
        Status::NotFound
    }

    /// `children` where indexed: the same children in the same order, each
    /// the least of the index after the one tried before it (trying a
    /// child leaves the index as it found it).
    fn open_children(
        &mut self,
        range: (usize, usize),
        last_offset: u64,
        last_rank: usize,
    ) -> Status {
        if self
            .open
            .last()
            .is_none_or(|o| o.as_ref().is_none_or(|o| o.children.is_empty()))
        {
            return Status::Found;
        }
        let mut from = Bound::Included((last_offset, last_rank, 0));
        let mut hatless = false;
        while let Some(child) = self.open_child(from) {
            match self.try_child(child, &[], range, &mut hatless) {
                Status::NotFound if hatless => return Status::NotFound,
                Status::NotFound => {}
                other => return other,
            }
            from = Bound::Excluded(child);
        }
        Status::NotFound
    }

    /// Places one child of `children` and searches below it; `hatless` is
    /// set when no unplaced item overlaps it.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "off + size is at most the capacity (checked on entry to pack: at most 2^62), rounded up to align within it; total[s] sums the sizes of the items placed in section s and takes off only what it added"
    )]
    fn try_child(
        &mut self,
        (off, rank, i): Child,
        next: &[usize],
        range: (usize, usize),
        hatless_out: &mut bool,
    ) -> Status {
        if self.work_left == 0 {
            return Status::Aborted;
        }
        let size = self.items[i].size;
        self.open_set(i, false);
        self.offset[i] = Some(off);
        let height = off + size;
        let (floor_mark, offset_mark) = (self.floor_undo.len(), self.offset_undo.len());
        // Sections: the placed item raises their floor and leaves their
        // sum, and each floor is recomputed below, as is the floor of
        // each section an item it raises spans (each once: an epoch
        // stamp).
        let mut affected = std::mem::take(&mut self.affected);
        affected.clear();
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let (lo, hi) = self.sweep.span[i];
        let mut work = (hi - lo + self.sweep.overlaps[i].len()) as u64;
        for s in lo..hi {
            self.floor_undo.push((s, self.floor[s]));
            self.floor[s] = height;
            self.total[s] -= size;
            self.stamp[s] = self.epoch;
            affected.push(s);
        }
        // Raise the lowest offsets of the unplaced items it overlaps.
        let mut hatless = true;
        for &j in &self.sweep.overlaps[i] {
            hatless &= self.offset[j].is_some();
            if self.offset[j].is_none() && self.min_offset[j] < height {
                let old = self.min_offset[j];
                self.offset_undo.push((j, old));
                self.set_min_offset(j, height.div_ceil(self.align) * self.align);
                if self.top_indexed {
                    work += INDEX_UPDATE_WORK;
                }
                let (jlo, jhi) = self.sweep.span[j];
                for s in jlo..jhi {
                    if self.stamp[s] != self.epoch {
                        self.stamp[s] = self.epoch;
                        affected.push(s);
                    }
                }
            }
        }
        // A floor is the lowest offset of the section's unplaced members
        // (never below what it was): each is computed from its own
        // members alone, so the order of `affected` does not matter.
        for &s in &affected {
            let floor = self.floor[s];
            // The least lowest offset of the unplaced members; some
            // member at or below the floor keeps it (the scan stops).
            let mut least = u64::MAX;
            for &k in &self.sweep.sections[s] {
                work += 1;
                if self.offset[k].is_none() {
                    least = least.min(self.min_offset[k]);
                    if least <= floor {
                        break;
                    }
                }
            }
            if least > floor && least != u64::MAX {
                self.floor_undo.push((s, floor));
                self.floor[s] = least;
            }
        }
        // The sections the placement left alone passed the check at the
        // offset of the last placement on the way here: at an offset no
        // higher they pass again, and only the ones it changed are checked.
        let fits = match self.checked {
            Some(c) if off <= c => affected
                .iter()
                .all(|&s| s < range.0 || s >= range.1 || self.fits(s, off)),
            _ => self.check(off, range),
        };
        self.affected = affected;
        self.work_left = self.work_left.saturating_sub(work);
        let status = if fits {
            self.best[i] = off;
            let checked = self.checked.replace(off);
            let status = self.descend(next, range, i, off, rank);
            self.checked = checked;
            status
        } else {
            Status::NotFound
        };
        while self.floor_undo.len() > floor_mark {
            let (s, f) = self.floor_undo.pop().expect("above the mark");
            self.floor[s] = f;
        }
        for s in lo..hi {
            self.total[s] += size;
        }
        while self.offset_undo.len() > offset_mark {
            let (j, m) = self.offset_undo.pop().expect("above the mark");
            self.set_min_offset(j, m);
        }
        self.offset[i] = None;
        self.open_set(i, true);
        *hatless_out = hatless;
        status
    }
}

#[cfg(test)]
#[allow(
    clippy::arithmetic_side_effects,
    reason = "unit tests over small hand-made instances"
)]
mod tests {
    use super::*;

    fn it(lower: u64, upper: u64, size: u64) -> Item {
        Item { lower, upper, size }
    }

    /// Exhaustive: every assignment of offsets in multiples of `align` below
    /// `capacity`; the least height of a valid one.
    fn exhaustive(items: &[Item], capacity: u64, align: u64) -> Option<u64> {
        fn rec(
            items: &[Item],
            cap: u64,
            align: u64,
            k: usize,
            offs: &mut Vec<u64>,
            best: &mut Option<u64>,
        ) {
            if k == items.len() {
                if valid(items, offs, cap, align) {
                    let h = items
                        .iter()
                        .zip(offs.iter())
                        .map(|(i, &o)| o + i.size)
                        .max()
                        .unwrap_or(0);
                    *best = Some(best.map_or(h, |b: u64| b.min(h)));
                }
                return;
            }
            let mut o = 0;
            while o + items[k].size <= cap {
                offs.push(o);
                if valid(&items[..=k], offs, cap, align) {
                    rec(items, cap, align, k + 1, offs, best);
                }
                offs.pop();
                o += align;
            }
        }
        let mut best = None;
        rec(items, capacity, align, 0, &mut Vec::new(), &mut best);
        best
    }

    #[test]
    fn ping_pong_that_first_fit_misses() {
        // Two live weights of 5 at a time in 10: the third must take the
        // first one's place.
        let items = [it(0, 2, 5), it(1, 3, 5), it(2, 4, 5), it(3, 5, 5)];
        let p = pack(&items, 10, 1, 1000);
        assert_eq!(p.outcome, Outcome::Placed);
        assert!(valid(&items, &p.offsets, 10, 1));
        assert_eq!(p.height, 10);
        // At 9 it cannot be done, and that is proven.
        assert_eq!(pack(&items, 9, 1, 1000).outcome, Outcome::Infeasible);
    }

    #[test]
    fn equals_exhaustive_search_on_tiny_instances() {
        let mut rng = crate::rng::Rng::new(7);
        for case in 0..300 {
            let n = 1 + rng.range(0, 4) as usize;
            let items: Vec<Item> = (0..n)
                .map(|_| {
                    let lo = rng.range(0, 5);
                    it(lo, lo + 1 + rng.range(0, 3), 1 + rng.range(0, 3))
                })
                .collect();
            let cap = 3 + rng.range(0, 7);
            let exact = exhaustive(&items, cap, 1);
            let p = pack(&items, cap, 1, 1_000_000);
            match exact {
                None => assert_eq!(
                    p.outcome,
                    Outcome::Infeasible,
                    "case {case}: {items:?} in {cap}"
                ),
                Some(_) => {
                    assert_eq!(
                        p.outcome,
                        Outcome::Placed,
                        "case {case}: {items:?} in {cap}"
                    );
                    assert!(valid(&items, &p.offsets, cap, 1));
                }
            }
            // Minimal height: the least capacity at which it places equals
            // the exhaustive search's least height.
            if let Some(h) = exact {
                assert_eq!(
                    pack(&items, h, 1, 1_000_000).outcome,
                    Outcome::Placed,
                    "case {case}"
                );
                if h > 0 {
                    assert_ne!(
                        pack(&items, h - 1, 1, 1_000_000).outcome,
                        Outcome::Placed,
                        "case {case}"
                    );
                }
            }
        }
    }

    #[test]
    fn budget_counts_nodes_and_is_deterministic() {
        let mut rng = crate::rng::Rng::new(3);
        let items: Vec<Item> = (0..60)
            .map(|_| {
                let lo = rng.range(0, 39);
                it(lo, lo + 1 + rng.range(0, 9), 8 * (1 + rng.range(0, 29)))
            })
            .collect();
        let a = pack(&items, 1024, 8, 500);
        let b = pack(&items, 1024, 8, 500);
        assert_eq!(a, b);
        assert!(a.nodes <= 500);
    }

    /// The indexed children (`Open`) are the scan's: on random instances
    /// (tight, loose, with long-lived items that split the rest into
    /// sub-problems, placed, infeasible and out of budget), the packing
    /// indexed from the root down, indexed with scans below 64 items, and
    /// never indexed, is the same packing after the same nodes.
    #[test]
    fn indexed_children_search_as_the_scan_does() {
        let mut outcomes = [0usize; 3];
        for seed in 0..120u64 {
            let mut rng = crate::rng::Rng::new(seed);
            // Every third small and at its peak: infeasible ones are proven.
            let n = if seed % 3 == 0 {
                rng.range(6, 14)
            } else {
                rng.range(20, 220)
            };
            let items: Vec<Item> = (0..n)
                .map(|k| {
                    let lower = k + rng.range(0, 3);
                    let len = if rng.chance(20) {
                        rng.range(5, 40)
                    } else {
                        rng.range(1, 4)
                    };
                    let size = if rng.chance(30) {
                        rng.range(100, 400)
                    } else {
                        rng.range(1, 40)
                    };
                    it(lower, lower + len, size)
                })
                .collect();
            let capacity = peak(&items) + if seed % 3 == 0 { 0 } else { rng.range(0, 60) };
            let align = 1 + 7 * rng.range(0, 1);
            let budget = 300 + rng.range(0, 3000);
            let scan = pack_with(&items, capacity, align, budget, usize::MAX);
            for index_from in [0, 64] {
                let indexed = pack_with(&items, capacity, align, budget, index_from);
                assert_eq!(indexed, scan, "seed {seed}, indexed from {index_from}");
            }
            outcomes[match scan.outcome {
                Outcome::Placed => 0,
                Outcome::Infeasible => 1,
                Outcome::Unknown => 2,
            }] += 1;
        }
        // Not vacuous: each outcome is compared.
        assert!(outcomes.iter().all(|&k| k > 0), "{outcomes:?}");
    }

    /// Where every item overlaps every other (buffers never freed), a node
    /// visits about n^2 sections and members: the search stops on its work
    /// bound (`WORK_PER_NODE` per node of its budget) before its nodes are
    /// spent, and says it does not know (first fit, which the allocator
    /// tries first, places such an instance).
    #[test]
    fn work_bounds_a_search_whose_nodes_are_costly() {
        let n = 1200u64;
        let items: Vec<Item> = (0..n)
            .map(|k| it(k, 2 * n + k % 7, 64 + 8 * (k % 5)))
            .collect();
        // Room for all of them at once (the greedy descent would place them
        // in n nodes), but each node visits about n^2 sections and members.
        let capacity = peak(&items);
        let p = pack(&items, capacity, 8, 4000);
        assert_eq!(p.outcome, Outcome::Unknown);
        assert!(
            p.nodes < 4000,
            "{} nodes: the work bound did not stop it",
            p.nodes
        );
    }

    #[test]
    fn independent_partitions_and_alignment() {
        let items = [it(0, 2, 12), it(0, 2, 12), it(5, 6, 20)];
        let p = pack(&items, 32, 8, 100);
        assert_eq!(p.outcome, Outcome::Placed);
        assert!(p.offsets.iter().all(|o| o % 8 == 0));
        assert_eq!(pack(&items, 27, 8, 100).outcome, Outcome::Infeasible);
    }
}
