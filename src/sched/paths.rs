//! Longest paths and reachability over the stream graph: the one
//! implementation behind the lower bounds, the oracle's time windows and
//! the critical-path policy's ranks. Every function takes a topological
//! order of the graph (the input order is one, when the graph has no
//! cycle; [`topo_order`] computes one otherwise). Sums saturate at
//! `u64::MAX`: a bound that large is no bound, never a wrapped one.
//! Cost: O(nodes + edges) for paths; O(nodes x edges / 64) for reachability.

use super::graph::StreamGraph;
use super::stream::NodeId;

/// A topological order of the graph's nodes, or None when it has a cycle.
pub fn topo_order(graph: &StreamGraph) -> Option<Vec<NodeId>> {
    petgraph::algo::toposort(&graph.graph, None)
        .ok()
        .map(|t| t.into_iter().map(|x| x.index()).collect())
}

/// The longest path from the sources to each node: `head[v]` = max over
/// the predecessors `u` of `head[u] + edge(u, v)` (0 for a source).
pub fn longest_heads(
    graph: &StreamGraph,
    topo: &[NodeId],
    edge: impl Fn(NodeId, NodeId) -> u64,
) -> Vec<u64> {
    let mut head = vec![0u64; topo.len()];
    for &v in topo {
        for s in graph.succs(v) {
            head[s] = head[s].max(head[v].saturating_add(edge(v, s)));
        }
    }
    head
}

/// The longest path from each node to the sinks: `tail[v]` = the larger of
/// `own(v)` and, over the successors `s`, `edge(v, s) + tail[s]`.
pub fn longest_tails(
    graph: &StreamGraph,
    topo: &[NodeId],
    own: impl Fn(NodeId) -> u64,
    edge: impl Fn(NodeId, NodeId) -> u64,
) -> Vec<u64> {
    let mut tail = vec![0u64; topo.len()];
    for &v in topo.iter().rev() {
        tail[v] = graph
            .succs(v)
            .map(|s| edge(v, s).saturating_add(tail[s]))
            .fold(own(v), u64::max);
    }
    tail
}

/// The descendants of every node, as bitsets.
pub struct Reach {
    words: usize,
    bits: Vec<u64>,
}

impl Reach {
    pub fn new(graph: &StreamGraph, topo: &[NodeId]) -> Self {
        let n = topo.len();
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n.saturating_mul(words)];
        // Node u's row of bits.
        let row = |u: usize| u.saturating_mul(words)..u.saturating_add(1).saturating_mul(words);
        for &u in topo.iter().rev() {
            let mut acc = vec![0u64; words];
            for s in graph.succs(u) {
                acc[s / 64] |= 1 << (s % 64);
                for (a, r) in acc.iter_mut().zip(&bits[row(s)]) {
                    *a |= r;
                }
            }
            bits[row(u)].copy_from_slice(&acc);
        }
        Reach { words, bits }
    }

    /// A path leads from `u` to `v`.
    pub fn reaches(&self, u: NodeId, v: NodeId) -> bool {
        self.bits[u.saturating_mul(self.words).saturating_add(v / 64)] >> (v % 64) & 1 == 1
    }
}
