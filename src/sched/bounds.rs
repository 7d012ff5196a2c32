//! Lower bounds on the makespan of a block: the physical limits any order
//! must respect (spec issue: "lower bounds").
//!
//! - `dma`: all loads and stores run one after the other on one engine.
//! - `stream`: the in-order stream pays every transfer, every barrier and one
//!   cycle per start, serially: `dma + barriers + starts`.
//! - `compute`: `ceil(total compute / slices)`, plus the DMA no program can
//!   avoid before it starts (min over programs of the serial DMA of its
//!   ancestors) and after it ends (min over programs of the serial DMA of
//!   its descendants).
//! - `critical_path`: for each program P,
//!   `max(longest path in, DMA of ancestors) + compute + max(longest path out, DMA of descendants)`.
//!
//! - `hiding`, the truth about LRAM and slices: the stream is busy
//!   `stream` cycles in all and stalls at waits otherwise, so the makespan
//!   is `stream + stall`. A program's compute overlaps the stream's busy
//!   time only where a transfer (or a start, or a barrier) runs while it
//!   does; a transfer can run while P runs only if it is neither an
//!   ancestor of P's start nor a descendant of P's wait and, within
//!   `usable` LRAM, its buffers and P's fit together (both are resident at
//!   once, with or without swaps: the bytes that cannot be live together).
//!   So `stall >= compute(P) - hideable(P)` for each P, and, with `k`
//!   slices (at most `k` programs under one transfer),
//!   `stall >= (total compute - F) / k`, where F is the maximum flow from
//!   the busy time (each transfer `k x duration`, each edge to a
//!   compatible program its duration) to the programs (each its compute).
//!   Stores count as transfers: a program's own stores, after its wait,
//!   hide none of it.
//!
//! - `reloads`, what LRAM forces out and back in (`with_reloads`, given
//!   the cost of the allocator's swap of a buffer): while a program P runs
//!   its buffers are resident, and so is every other buffer that stays in
//!   LRAM across it. A buffer used before P in every order (an access among
//!   the ancestors of P's start) and after it in every order (among the
//!   descendants of P's wait) either stays across P or is swapped out and
//!   back in, on the one DMA engine. When those buffers and P's own exceed
//!   `usable`, the cheapest set whose eviction makes room (exact over up to
//!   `COVER_EXACT` buffers, else the fractional relaxation) prices the
//!   least swap time P forces, and `stream` plus the most any program
//!   forces bounds every order after allocation. Such a block has
//!   no order within `usable` at all, so the bound is also valid, vacuously,
//!   for orders without swaps. Node reachability is a bitset per node: the
//!   term is left out (0) above `RELOAD_NODES_LIMIT` nodes.
//!
//! Longest paths weigh an edge u -> v by what u costs before v may begin
//! (a transfer's duration, one cycle for a start, a program's compute on
//! start -> wait). The serial DMA of ancestors needs ancestor sets: they are
//! exact (bitsets over the DMA nodes) when nodes x DMA nodes <= 2^28 bits;
//! above that the DMA terms are left out, which keeps every bound valid.
//! The stall is computed when programs x DMA nodes is at most
//! `PAIRS_LIMIT` (else left out, which keeps the bound valid); the flow
//! runs when its edges are at most `FLOW_EDGES_LIMIT` and its augmenting
//! work within `FLOW_WORK_LIMIT` (counted); else F is bounded by the cut
//! `min(sum of min(compute, hideable), k x busy)`.
//!
//! Cost: O(nodes x DMA nodes / 64) for the closures, O(programs x DMA
//! nodes) (at most `PAIRS_LIMIT`) for the compatibilities, the flow's
//! counted work.

use super::graph::StreamGraph;
use super::stream::{Kind, NodeId, Stream};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounds {
    pub dma: u64,
    pub stream: u64,
    pub compute: u64,
    pub critical_path: u64,
    /// `stream` plus the stall no transfer can hide (see the module's essay).
    pub hiding: u64,
    /// `stream` plus the swap-ins LRAM forces (`with_reloads`; `stream`
    /// until then).
    pub reloads: u64,
    /// The best (largest) of them.
    pub best: u64,
    /// False when the ancestor DMA terms were left out (very large blocks).
    pub exact_ancestors: bool,
}

const ANCESTOR_BITS_LIMIT: usize = 1 << 28;
/// The most nodes the reload term's reachability bitsets cover (n^2 bits).
pub const RELOAD_NODES_LIMIT: usize = 1 << 12;
/// The most buffers whose cheapest eviction is found exactly (2^k subsets).
pub const COVER_EXACT: usize = 12;
/// The most (program, transfer) pairs the hiding bound looks at; above
/// it (blocks of thousands of programs) the bound leaves the stall out.
pub const PAIRS_LIMIT: usize = 1 << 20;
/// The most program-to-transfer edges the hiding bound's flow runs on.
pub const FLOW_EDGES_LIMIT: usize = 1 << 18;
/// The most edge visits the flow may make before the cut stands in.
pub const FLOW_WORK_LIMIT: u64 = 1 << 22;

fn delay(stream: &Stream, u: NodeId, v: NodeId) -> u64 {
    let n = &stream.nodes[u];
    match n.kind {
        Kind::Load | Kind::Store | Kind::Barrier => n.duration,
        Kind::Start => {
            let p = n.program.map(|p| &stream.programs[p]);
            match p {
                Some(p) if p.wait == v => p.compute,
                _ => 1,
            }
        }
        Kind::Wait | Kind::Pure => 0,
    }
}

/// The DMA nodes among each node's ancestors (or descendants), as bitsets
/// over the DMA nodes, and their serial cycles.
/// Bit `i` of a set is the `i`-th DMA node in node order.
struct DmaClosure {
    words: usize,
    sets: Vec<u64>,
    /// Per node: the cycles of the DMA nodes in its set.
    sums: Vec<u64>,
}

impl DmaClosure {
    /// Node `v`'s set holds DMA node number `i`.
    fn has(&self, v: NodeId, i: usize) -> bool {
        self.sets[v.saturating_mul(self.words).saturating_add(i / 64)] >> (i % 64) & 1 == 1
    }
}

/// Each node's DMA ancestors (`forward`) or descendants; None when the
/// bitsets would pass `ANCESTOR_BITS_LIMIT`.
fn dma_closure(
    stream: &Stream,
    graph: &StreamGraph,
    topo: &[NodeId],
    forward: bool,
) -> Option<DmaClosure> {
    let n = stream.nodes.len();
    let dmas: Vec<NodeId> = (0..n).filter(|&v| stream.nodes[v].kind.is_dma()).collect();
    let words = dmas.len().div_ceil(64);
    if n.saturating_mul(words).saturating_mul(64) > ANCESTOR_BITS_LIMIT {
        return None;
    }
    let mut index = vec![usize::MAX; n];
    for (i, &d) in dmas.iter().enumerate() {
        index[d] = i;
    }
    let sets = closure(graph, topo, forward, n, words, |u| {
        (index[u] != usize::MAX).then_some(index[u])
    });
    let mut sums = vec![0u64; n];
    for v in 0..n {
        let mut sum = 0u64;
        for w in 0..words {
            let mut bits = sets[v.saturating_mul(words).saturating_add(w)];
            while bits != 0 {
                let i = w
                    .saturating_mul(64)
                    .saturating_add(bits.trailing_zeros() as usize);
                sum = stream.nodes[dmas[i]].duration.saturating_add(sum);
                // Clears the lowest bit set (bits is not 0).
                bits &= bits.wrapping_sub(1);
            }
        }
        sums[v] = sum;
    }
    Some(DmaClosure { words, sets, sums })
}

/// The bounds with no LRAM limit (`hiding` then counts slices and
/// dependences only).
pub fn lower_bounds(stream: &Stream, graph: &StreamGraph) -> Bounds {
    lower_bounds_within(stream, graph, None)
}

/// The bounds of every order whose live LRAM stays within `usable` bytes
/// (and of every order after allocation into `usable` bytes, swaps or not).
pub fn lower_bounds_within(stream: &Stream, graph: &StreamGraph, usable: Option<u64>) -> Bounds {
    let dma: u64 = stream
        .nodes
        .iter()
        .filter(|x| x.kind.is_dma())
        .map(|x| x.duration)
        .sum();
    let barriers: u64 = stream
        .nodes
        .iter()
        .filter(|x| x.kind == Kind::Barrier)
        .map(|x| x.duration)
        .sum();
    let starts = stream
        .nodes
        .iter()
        .filter(|x| x.kind == Kind::Start)
        .count() as u64;
    let stream_bound = dma.saturating_add(barriers).saturating_add(starts);

    let Some(topo) = super::paths::topo_order(graph) else {
        return Bounds {
            dma,
            stream: stream_bound,
            compute: 0,
            critical_path: 0,
            hiding: stream_bound,
            reloads: stream_bound,
            best: dma.max(stream_bound),
            exact_ancestors: false,
        };
    };

    // Earliest begin (est) and longest tail (lt) on the delay-weighted graph.
    let delay_of = |u, v| delay(stream, u, v);
    let est = super::paths::longest_heads(graph, &topo, delay_of);
    let own = |v: NodeId| match stream.nodes[v].kind {
        Kind::Load | Kind::Store | Kind::Barrier => stream.nodes[v].duration,
        _ => 0,
    };
    let lt = super::paths::longest_tails(graph, &topo, own, delay_of);

    let pre = dma_closure(stream, graph, &topo, true);
    let post = dma_closure(stream, graph, &topo, false);
    let exact = pre.is_some() && post.is_some();
    let total_compute: u64 = stream.programs.iter().map(|p| p.compute).sum();
    let mut compute = 0;
    let mut critical = 0;
    if !stream.programs.is_empty() {
        let pre_of = |p: &super::stream::Program| pre.as_ref().map_or(0, |s| s.sums[p.start]);
        let post_of = |p: &super::stream::Program| post.as_ref().map_or(0, |s| s.sums[p.wait]);
        let min_pre = stream.programs.iter().map(pre_of).min().unwrap_or(0);
        let min_post = stream.programs.iter().map(post_of).min().unwrap_or(0);
        compute = total_compute
            .div_ceil(u64::from(stream.slices.max(1)))
            .saturating_add(min_pre)
            .saturating_add(min_post);
        critical = stream
            .programs
            .iter()
            .map(|p| {
                est[p.start]
                    .max(pre_of(p))
                    .saturating_add(p.compute)
                    .saturating_add(lt[p.wait].max(post_of(p)))
            })
            .max()
            .unwrap_or(0);
    }
    let busy = stream_bound.saturating_sub(dma);
    let hiding = stream_bound.saturating_add(stall(
        stream,
        graph,
        pre.as_ref(),
        post.as_ref(),
        usable,
        busy,
    ));
    let best = dma.max(stream_bound).max(compute).max(critical).max(hiding);
    Bounds {
        dma,
        stream: stream_bound,
        compute,
        critical_path: critical,
        hiding,
        reloads: stream_bound,
        best,
        exact_ancestors: exact,
    }
}

impl Bounds {
    /// The bounds with `reloads` (see the module's essay): the swaps LRAM
    /// forces within `usable` bytes, a buffer's priced by `swap(bytes)`.
    pub fn with_reloads(
        mut self,
        stream: &Stream,
        graph: &StreamGraph,
        usable: u64,
        swap: &dyn Fn(u64) -> u64,
    ) -> Bounds {
        self.reloads = self
            .stream
            .saturating_add(forced_reloads(stream, graph, usable, swap));
        self.best = self.best.max(self.reloads);
        self
    }
}

/// Per node, the bits (`bit`) of the nodes before it in every order
/// (`forward`) or after it, as bitsets of `words` words; nodes without a
/// bit pass their sets on.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "indices of nodes and words within a bitset of nodes x words words, bounded by the callers' limits (ANCESTOR_BITS_LIMIT, RELOAD_NODES_LIMIT)"
)]
fn closure(
    graph: &StreamGraph,
    topo: &[NodeId],
    forward: bool,
    n: usize,
    words: usize,
    bit: impl Fn(NodeId) -> Option<usize>,
) -> Vec<u64> {
    let mut sets = vec![0u64; n * words];
    let order: Vec<NodeId> = if forward {
        topo.to_vec()
    } else {
        topo.iter().rev().copied().collect()
    };
    for &v in &order {
        let others: Vec<NodeId> = if forward {
            graph.preds(v).collect()
        } else {
            graph.succs(v).collect()
        };
        for u in others {
            if let Some(i) = bit(u) {
                sets[v * words + i / 64] |= 1 << (i % 64);
            }
            for w in 0..words {
                let bits = sets[u * words + w];
                sets[v * words + w] |= bits;
            }
        }
    }
    sets
}

/// The least swap time any order after allocation into `usable` bytes
/// pays, a buffer's swap priced by `swap(bytes)`: the most any one program
/// forces (see the module's essay).
#[expect(
    clippy::arithmetic_side_effects,
    reason = "byte and cycle totals are sums over one block's buffers, below 2^63 by the bounds Stream::validate checks (sched::stream::MAX_BYTES, MAX_CYCLES); indices lie within their vectors"
)]
pub fn forced_reloads(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    swap: &dyn Fn(u64) -> u64,
) -> u64 {
    let n = stream.nodes.len();
    if n > RELOAD_NODES_LIMIT || stream.programs.is_empty() {
        return 0;
    }
    let Some(topo) = super::paths::topo_order(graph) else {
        return 0;
    };
    let words = n.div_ceil(64);
    let before = closure(graph, &topo, true, n, words, Some);
    let after = closure(graph, &topo, false, n, words, Some);
    // Per LRAM buffer, the scheduled nodes that access it.
    let mut access: Vec<Vec<NodeId>> = vec![Vec::new(); stream.buffers.len()];
    for (v, node) in stream.nodes.iter().enumerate() {
        if node.kind == Kind::Pure {
            continue;
        }
        for a in &node.accesses {
            if stream.buffers[a.buffer].lram && access[a.buffer].last() != Some(&v) {
                access[a.buffer].push(v);
            }
        }
    }
    let has = |sets: &[u64], v: NodeId, u: NodeId| sets[v * words + u / 64] >> (u % 64) & 1 == 1;
    let mut most = 0u64;
    for (q, p) in stream.programs.iter().enumerate() {
        let own = &graph.start_buffers[q];
        let resident: u64 = own.iter().map(|&b| stream.buffers[b].bytes).sum();
        // (bytes, cost) of each buffer that stays across P or comes back.
        let across: Vec<(u64, u64)> = access
            .iter()
            .enumerate()
            .filter(|(b, users)| {
                !users.is_empty()
                    && !own.contains(b)
                    && users.iter().any(|&u| has(&before, p.start, u))
                    && users.iter().any(|&u| has(&after, p.wait, u))
            })
            .map(|(b, _)| {
                let bytes = stream.buffers[b].bytes;
                (bytes, swap(bytes))
            })
            .collect();
        let total: u64 = across.iter().map(|x| x.0).sum();
        let Some(need) = (total + resident).checked_sub(usable).filter(|&x| x > 0) else {
            continue;
        };
        most = most.max(cheapest_cover(&across, need));
    }
    most
}

/// The least cost of items (bytes, cost) whose bytes reach `need`: exact
/// over up to `COVER_EXACT` items, else the fractional relaxation (a lower
/// bound of it). All of them when even all fall short.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "sums of one block's byte and cycle totals (below 2^63); shifts below 2^COVER_EXACT"
)]
fn cheapest_cover(items: &[(u64, u64)], need: u64) -> u64 {
    let all: u64 = items.iter().map(|x| x.1).sum();
    if items.iter().map(|x| x.0).sum::<u64>() < need {
        return all;
    }
    if items.len() <= COVER_EXACT {
        let mut best = all;
        for mask in 1u32..(1 << items.len()) {
            let (mut bytes, mut cost) = (0u64, 0u64);
            for (i, x) in items.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    bytes += x.0;
                    cost += x.1;
                }
            }
            if bytes >= need {
                best = best.min(cost);
            }
        }
        return best;
    }
    // Cheapest per byte first; the last one in part (rounded down).
    let mut by_rate: Vec<(u64, u64)> = items.iter().copied().filter(|x| x.0 > 0).collect();
    by_rate.sort_by(|a, b| {
        (u128::from(a.1) * u128::from(b.0)).cmp(&(u128::from(b.1) * u128::from(a.0)))
    });
    let (mut left, mut cost) = (need, 0u64);
    for (bytes, c) in by_rate {
        if bytes >= left {
            cost += (u128::from(c) * u128::from(left) / u128::from(bytes)) as u64;
            break;
        }
        left -= bytes;
        cost += c;
    }
    cost
}

/// The least stall at the waits any order pays: what of the programs'
/// compute neither the transfers each may run beside, nor `busy` (the
/// starts' and barriers' cycles, beside every program), can hide.
fn stall(
    stream: &Stream,
    graph: &StreamGraph,
    pre: Option<&DmaClosure>,
    post: Option<&DmaClosure>,
    usable: Option<u64>,
    busy: u64,
) -> u64 {
    let dmas: Vec<NodeId> = (0..stream.nodes.len())
        .filter(|&v| stream.nodes[v].kind.is_dma())
        .collect();
    let pairs = stream.programs.len().saturating_mul(dmas.len());
    if stream.programs.is_empty() || pairs > PAIRS_LIMIT {
        return 0;
    }
    // A transfer's LRAM buffers (a program's are `graph.start_buffers`).
    let lram_of = |v: NodeId| {
        let mut bs: Vec<usize> = stream.nodes[v]
            .accesses
            .iter()
            .map(|a| a.buffer)
            .filter(|&b| stream.buffers[b].lram)
            .collect();
        bs.sort_unstable();
        bs.dedup();
        bs
    };
    let dma_buffers: Vec<Vec<usize>> = dmas.iter().map(|&d| lram_of(d)).collect();
    let dma_bytes: Vec<u64> = dma_buffers
        .iter()
        .map(|bs| bs.iter().map(|&b| stream.buffers[b].bytes).sum())
        .collect();
    // Per program, the transfers that may run beside it.
    let mut beside: Vec<Vec<usize>> = Vec::with_capacity(stream.programs.len());
    for (pi, p) in stream.programs.iter().enumerate() {
        let mine = &graph.start_buffers[pi];
        let bytes: u64 = mine.iter().map(|&b| stream.buffers[b].bytes).sum();
        let list = (0..dmas.len())
            .filter(|&i| {
                let related = pre.is_some_and(|c| c.has(p.start, i))
                    || post.is_some_and(|c| c.has(p.wait, i));
                // Only a pair over the limit by bytes alone needs the
                // buffers it shares.
                let fits = usable.is_none_or(|u| {
                    if bytes.saturating_add(dma_bytes[i]) <= u {
                        return true;
                    }
                    let more: u64 = dma_buffers[i]
                        .iter()
                        .filter(|b| !mine.contains(b))
                        .map(|&b| stream.buffers[b].bytes)
                        .sum();
                    bytes.saturating_add(more) <= u
                });
                !related && fits
            })
            .collect();
        beside.push(list);
    }
    let dur = |i: usize| stream.nodes[dmas[i]].duration;
    // What may hide a program: the busy time and the transfers beside it
    // that `skip` does not name.
    let hidden_by = |l: &[usize], skip: &[bool]| {
        l.iter()
            .filter(|&&i| !skip[i])
            .fold(busy, |h, &i| h.saturating_add(dur(i)))
    };
    let none = vec![false; dmas.len()];
    let hideable: Vec<u64> = beside.iter().map(|l| hidden_by(l, &none)).collect();
    let one = stream
        .programs
        .iter()
        .zip(&hideable)
        .map(|(p, &h)| p.compute.saturating_sub(h))
        .max()
        .unwrap_or(0);
    // The most compute the busy time can hide, k programs at a time.
    let k = u64::from(stream.slices.max(1));
    let total: u64 = stream.programs.iter().map(|p| p.compute).sum();
    let all_busy = dmas
        .iter()
        .fold(busy, |b, &d| b.saturating_add(stream.nodes[d].duration));
    let cut = k.saturating_mul(all_busy).min(
        stream
            .programs
            .iter()
            .zip(&hideable)
            .map(|(p, &h)| p.compute.min(h))
            .sum(),
    );
    let edges: usize = beside.iter().map(Vec::len).sum();
    let hidden = if edges <= FLOW_EDGES_LIMIT {
        hiding_flow(stream, &beside, &dmas, busy, k).map_or(cut, |f| f.min(cut))
    } else {
        cut
    };
    // The program waited for first runs before any wait, so no transfer
    // after a wait runs beside it; the one started last runs after every
    // start, so no transfer before a start runs beside it. On one slice
    // they are two programs (when there are two), one after the other.
    let union = |c: Option<&DmaClosure>, at: &dyn Fn(&super::stream::Program) -> NodeId| {
        let mut words = vec![0u64; dmas.len().div_ceil(64)];
        if let Some(c) = c {
            for p in &stream.programs {
                let v = at(p);
                for (w, x) in words.iter_mut().enumerate() {
                    *x |= c.sets[v.saturating_mul(c.words).saturating_add(w)];
                }
            }
        }
        (0..dmas.len())
            .map(|i| words[i / 64] >> (i % 64) & 1 == 1)
            .collect::<Vec<bool>>()
    };
    let after_wait = union(post, &|p| p.wait);
    let before_start = union(pre, &|p| p.start);
    let unhidden = |skip: &[bool]| -> Vec<u64> {
        stream
            .programs
            .iter()
            .zip(&beside)
            .map(|(p, l)| p.compute.saturating_sub(hidden_by(l, skip)))
            .collect()
    };
    let first = unhidden(&after_wait);
    let last = unhidden(&before_start);
    let ends = if k == 1 && stream.programs.len() >= 2 {
        min_sum_of_two(&first, &last)
    } else {
        first
            .iter()
            .min()
            .copied()
            .unwrap_or(0)
            .max(last.iter().min().copied().unwrap_or(0))
    };
    one.max(total.saturating_sub(hidden).div_ceil(k)).max(ends)
}

/// The least `a[f] + b[l]` over `f != l` (at least two entries each), in
/// linear time: from the two smallest of each.
fn min_sum_of_two(a: &[u64], b: &[u64]) -> u64 {
    let two = |xs: &[u64]| {
        let mut idx: Vec<usize> = (0..xs.len()).collect();
        idx.select_nth_unstable_by_key(1, |&i| (xs[i], i));
        let (i, j) = if (xs[idx[0]], idx[0]) <= (xs[idx[1]], idx[1]) {
            (idx[0], idx[1])
        } else {
            (idx[1], idx[0])
        };
        (i, j)
    };
    let (a1, a2) = two(a);
    let (b1, b2) = two(b);
    if a1 != b1 {
        a[a1].saturating_add(b[b1])
    } else {
        (a[a1].saturating_add(b[b2])).min(a[a2].saturating_add(b[b1]))
    }
}

/// The maximum flow of the hiding bound (Dinic's algorithm): source ->
/// each transfer (k x its cycles) and the busy time (k x busy) -> each
/// program it may run beside (its cycles; the busy time beside all) ->
/// sink (each program's compute). None when its work passes
/// `FLOW_WORK_LIMIT`.
fn hiding_flow(
    stream: &Stream,
    beside: &[Vec<usize>],
    dmas: &[NodeId],
    busy: u64,
    k: u64,
) -> Option<u64> {
    let np = stream.programs.len();
    let nd = dmas.len();
    // Nodes: 0 source, 1 sink, 2 busy, then transfers, then programs.
    let (src, sink, bz) = (0usize, 1usize, 2usize);
    let dma_node = |i: usize| i.saturating_add(3);
    let program_node = |p: usize| p.saturating_add(3).saturating_add(nd);
    let mut f = Flow::new(program_node(np));
    f.edge(src, bz, k.saturating_mul(busy));
    for (i, &d) in dmas.iter().enumerate() {
        f.edge(src, dma_node(i), k.saturating_mul(stream.nodes[d].duration));
    }
    for (p, list) in beside.iter().enumerate() {
        f.edge(bz, program_node(p), busy);
        for &i in list {
            f.edge(dma_node(i), program_node(p), stream.nodes[dmas[i]].duration);
        }
        f.edge(program_node(p), sink, stream.programs[p].compute);
    }
    f.max_flow(src, sink, FLOW_WORK_LIMIT)
}

/// A flow network with counted work.
struct Flow {
    /// Per edge: its head, its residual capacity; edge `e ^ 1` is its reverse.
    to: Vec<usize>,
    cap: Vec<u64>,
    out: Vec<Vec<usize>>,
}

impl Flow {
    fn new(nodes: usize) -> Self {
        Flow {
            to: Vec::new(),
            cap: Vec::new(),
            out: vec![Vec::new(); nodes],
        }
    }

    fn edge(&mut self, u: usize, v: usize, cap: u64) {
        if cap == 0 {
            return;
        }
        self.out[u].push(self.to.len());
        self.to.push(v);
        self.cap.push(cap);
        self.out[v].push(self.to.len());
        self.to.push(u);
        self.cap.push(0);
    }

    /// The maximum flow, or None past `limit` edge visits.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "flows are sums of capacities below 2^62 (times the slices' count, at most 2^32); indices lie within their vectors; the work counter is bounded by limit"
    )]
    fn max_flow(&mut self, s: usize, t: usize, limit: u64) -> Option<u64> {
        let n = self.out.len();
        let mut total = 0u64;
        let mut work = 0u64;
        loop {
            // Levels by breadth-first search over residual edges.
            let mut level = vec![usize::MAX; n];
            level[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &e in &self.out[u] {
                    work += 1;
                    let v = self.to[e];
                    if self.cap[e] > 0 && level[v] == usize::MAX {
                        level[v] = level[u] + 1;
                        queue.push_back(v);
                    }
                }
            }
            if level[t] == usize::MAX {
                return Some(total);
            }
            if work > limit {
                return None;
            }
            // Blocking flow by depth-first search, one edge cursor per node.
            let mut next = vec![0usize; n];
            loop {
                let mut path: Vec<usize> = Vec::new();
                let mut u = s;
                let pushed = loop {
                    if u == t {
                        break path.iter().map(|&e| self.cap[e]).min();
                    }
                    let mut advanced = false;
                    while next[u] < self.out[u].len() {
                        work += 1;
                        let e = self.out[u][next[u]];
                        let v = self.to[e];
                        if self.cap[e] > 0 && level[v] == level[u] + 1 {
                            path.push(e);
                            u = v;
                            advanced = true;
                            break;
                        }
                        next[u] += 1;
                    }
                    if !advanced {
                        // A dead end: retreat one edge, and skip it next time.
                        match path.pop() {
                            Some(e) => {
                                u = self.to[e ^ 1];
                                next[u] += 1;
                            }
                            None => break None,
                        }
                    }
                };
                if work > limit {
                    return None;
                }
                let Some(amount) = pushed else { break };
                for &e in &path {
                    self.cap[e] -= amount;
                    self.cap[e ^ 1] += amount;
                }
                total += amount;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::min_sum_of_two;

    /// The linear pair minimum equals the quadratic one.
    #[test]
    fn min_sum_of_two_equals_the_pairs() {
        let mut rng = crate::sched::gen::Rng::new(7);
        for _ in 0..500 {
            let n = rng.range(2, 6) as usize;
            let a: Vec<u64> = (0..n).map(|_| rng.range(0, 5)).collect();
            let b: Vec<u64> = (0..n).map(|_| rng.range(0, 5)).collect();
            let brute = (0..n)
                .flat_map(|f| (0..n).filter(move |&l| l != f).map(move |l| (f, l)))
                .map(|(f, l)| a[f] + b[l])
                .min()
                .unwrap();
            assert_eq!(min_sum_of_two(&a, &b), brute, "{a:?} {b:?}");
        }
    }
}

#[cfg(test)]
mod reload_tests {
    use super::cheapest_cover;

    /// The cheapest cover: exact on few items, the fractional relaxation
    /// (never above the exact one) on many.
    #[test]
    fn the_cover_is_the_cheapest() {
        assert_eq!(cheapest_cover(&[(10, 100), (30, 200), (25, 90)], 20), 90);
        assert_eq!(cheapest_cover(&[(10, 100), (30, 200), (25, 90)], 40), 290);
        assert_eq!(cheapest_cover(&[(10, 100)], 20), 100);
        let many: Vec<(u64, u64)> = (1..=20).map(|i| (i * 10, i * 100)).collect();
        // Every item costs 10 per byte: the relaxation is exact here.
        assert_eq!(cheapest_cover(&many, 55), 550);
    }
}
