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
//! Longest paths weigh an edge u -> v by what u costs before v may begin
//! (a transfer's duration, one cycle for a start, a program's compute on
//! start -> wait). The serial DMA of ancestors needs ancestor sets: they are
//! exact (bitsets over the DMA nodes) when nodes x DMA nodes <= 2^28 bits;
//! above that the DMA terms are left out, which keeps every bound valid.

use super::graph::StreamGraph;
use super::stream::{Kind, NodeId, Stream};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bounds {
    pub dma: u64,
    pub stream: u64,
    pub compute: u64,
    pub critical_path: u64,
    /// The best (largest) of them.
    pub best: u64,
    /// False when the ancestor DMA terms were left out (very large blocks).
    pub exact_ancestors: bool,
}

const ANCESTOR_BITS_LIMIT: usize = 1 << 28;

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

/// Serial DMA cycles over each node's ancestors (or descendants), from
/// bitsets over the DMA nodes; None when too large.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "times and byte totals are sums over one block's nodes and buffers, below 2^63 by the bounds Stream::validate checks (sched::stream::MAX_NODES, MAX_CYCLES, MAX_BYTES); indices lie within their vectors, counters count bounded work"
)]
fn dma_closure(
    stream: &Stream,
    graph: &StreamGraph,
    topo: &[NodeId],
    forward: bool,
) -> Option<Vec<u64>> {
    let n = stream.nodes.len();
    let dmas: Vec<NodeId> = (0..n).filter(|&v| stream.nodes[v].kind.is_dma()).collect();
    let words = dmas.len().div_ceil(64);
    if n.saturating_mul(words * 64) > ANCESTOR_BITS_LIMIT {
        return None;
    }
    let mut index = vec![usize::MAX; n];
    for (i, &d) in dmas.iter().enumerate() {
        index[d] = i;
    }
    let mut sets = vec![0u64; n * words];
    let order: Vec<NodeId> = if forward {
        topo.to_vec()
    } else {
        topo.iter().rev().copied().collect()
    };
    let mut sums = vec![0u64; n];
    for &v in &order {
        let others: Vec<NodeId> = if forward {
            graph.preds(v).collect()
        } else {
            graph.succs(v).collect()
        };
        for u in others {
            if index[u] != usize::MAX {
                sets[v * words + index[u] / 64] |= 1 << (index[u] % 64);
            }
            for w in 0..words {
                let bits = sets[u * words + w];
                sets[v * words + w] |= bits;
            }
        }
        sums[v] = (0..words)
            .flat_map(|w| {
                let bits = sets[v * words + w];
                (0..64)
                    .filter(move |b| bits & (1 << b) != 0)
                    .map(move |b| w * 64 + b)
            })
            .map(|i| stream.nodes[dmas[i]].duration)
            .sum();
    }
    Some(sums)
}

#[expect(
    clippy::arithmetic_side_effects,
    reason = "times and byte totals are sums over one block's nodes and buffers, below 2^63 by the bounds Stream::validate checks (sched::stream::MAX_NODES, MAX_CYCLES, MAX_BYTES); indices lie within their vectors, counters count bounded work"
)]
pub fn lower_bounds(stream: &Stream, graph: &StreamGraph) -> Bounds {
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
    let stream_bound = dma + barriers + starts;

    let Some(topo) = super::paths::topo_order(graph) else {
        return Bounds {
            dma,
            stream: stream_bound,
            compute: 0,
            critical_path: 0,
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
        let pre_of = |p: &super::stream::Program| pre.as_ref().map_or(0, |s| s[p.start]);
        let post_of = |p: &super::stream::Program| post.as_ref().map_or(0, |s| s[p.wait]);
        let min_pre = stream.programs.iter().map(pre_of).min().unwrap_or(0);
        let min_post = stream.programs.iter().map(post_of).min().unwrap_or(0);
        compute = total_compute.div_ceil(stream.slices.max(1) as u64) + min_pre + min_post;
        critical = stream
            .programs
            .iter()
            .map(|p| est[p.start].max(pre_of(p)) + p.compute + lt[p.wait].max(post_of(p)))
            .max()
            .unwrap_or(0);
    }
    let best = dma.max(stream_bound).max(compute).max(critical);
    Bounds {
        dma,
        stream: stream_bound,
        compute,
        critical_path: critical,
        best,
        exact_ancestors: exact,
    }
}
