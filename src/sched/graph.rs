//! StreamGraph: the dependences of a stream (spec §4) and its LRAM
//! bookkeeping.
//!
//! Edges join scheduled nodes only. A pure node is not scheduled: edges
//! through it are collapsed (its scheduled ancestors become predecessors of
//! its users) and it is recorded as a `pure_deps` entry of each scheduled
//! node that needs it, to be emitted just before the first of them.
//!
//! Cost: O(n + e) for SSA, program and barrier edges; memory hazards keep,
//! per buffer, only the accesses not yet covered by a later write, writes
//! and reads apart: a read meets the live writes only, a write all of them
//! (and then drops those it covers). So a buffer that every program reads
//! costs one visit per read while nothing rewrites it, not one per earlier
//! read, and a stream whose buffers see a bounded number of live writes is
//! linear.

use super::stream::{Access, BufferId, Kind, NodeId, ProgramId, Stream};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::Direction;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum EdgeKind {
    /// B uses a value A defines (possibly through pure ops).
    Ssa,
    /// start P -> wait P.
    Program,
    /// Everything since the previous barrier -> barrier -> everything after.
    Barrier,
    /// Overlapping byte ranges of one buffer, at least one write.
    Memory,
}

pub struct StreamGraph {
    /// One graph node per stream node (index = NodeId); pure nodes are isolated.
    pub graph: DiGraph<NodeId, EdgeKind>,
    /// Per scheduled node: the pure nodes it needs, in input order; per orphan
    /// pure node (no scheduled user): its pure ancestors.
    pub pure_deps: Vec<Vec<NodeId>>,
    /// Pure nodes no scheduled node needs: emitted before `orphan_anchor`
    /// (the next barrier), or at the very end when there is none.
    pub orphans: Vec<(NodeId, Option<NodeId>)>,
    /// Per buffer: the scheduled nodes whose emission ends a use of it (a
    /// start's use lasts until its wait, so its wait is listed). A buffer
    /// dies once all of them are emitted.
    pub buffer_users: Vec<Vec<NodeId>>,
    /// Per node: the buffers whose use it ends (the inverse of `buffer_users`).
    pub releases: Vec<Vec<BufferId>>,
    /// Per program: the LRAM buffers its start touches.
    pub start_buffers: Vec<Vec<BufferId>>,
    /// Per node (load): the first program, in input order, reading what it loads.
    pub first_consumer: Vec<Option<ProgramId>>,
    /// Per node: the LRAM buffers it accesses, each once, in the order of
    /// its accesses (`Lifetimes::new_buffers` asks which are not born yet
    /// at every step).
    pub lram_buffers: Vec<Vec<BufferId>>,
}

impl StreamGraph {
    pub fn build(stream: &Stream) -> Self {
        let n = stream.nodes.len();
        let mut edges: Vec<(NodeId, NodeId, EdgeKind)> = Vec::new();
        let scheduled = |i: NodeId| stream.nodes[i].kind != Kind::Pure;

        // SSA, collapsed through pure nodes: per pure node, its scheduled
        // ancestors and its pure ancestors (memoized, input order makes it one pass).
        let mut pure_sched: Vec<Vec<NodeId>> = vec![vec![]; n];
        let mut pure_pure: Vec<Vec<NodeId>> = vec![vec![]; n];
        let mut pure_deps: Vec<Vec<NodeId>> = vec![vec![]; n];
        for i in 0..n {
            let mut sched = Vec::new();
            let mut pure = Vec::new();
            for &o in &stream.nodes[i].operands {
                if scheduled(o) {
                    sched.push(o);
                } else {
                    sched.extend_from_slice(&pure_sched[o]);
                    pure.extend_from_slice(&pure_pure[o]);
                    pure.push(o);
                }
            }
            sched.sort_unstable();
            sched.dedup();
            pure.sort_unstable();
            pure.dedup();
            if scheduled(i) {
                edges.extend(sched.iter().map(|&s| (s, i, EdgeKind::Ssa)));
                pure_deps[i] = pure;
            } else {
                pure_sched[i] = sched;
                pure_pure[i] = pure;
            }
        }

        // Program edges.
        for p in &stream.programs {
            edges.push((p.start, p.wait, EdgeKind::Program));
        }

        // Barriers.
        let mut since_barrier: Vec<NodeId> = Vec::new();
        let mut last_barrier: Option<NodeId> = None;
        for i in (0..n).filter(|&i| scheduled(i)) {
            if stream.nodes[i].kind == Kind::Barrier {
                edges.extend(since_barrier.drain(..).map(|s| (s, i, EdgeKind::Barrier)));
                if let Some(b) = last_barrier {
                    edges.push((b, i, EdgeKind::Barrier));
                }
                last_barrier = Some(i);
            } else {
                if let Some(b) = last_barrier {
                    edges.push((b, i, EdgeKind::Barrier));
                }
                since_barrier.push(i);
            }
        }

        // Memory hazards. A start's accesses last until its wait: an edge out
        // of a program starts at the wait.
        let release = |i: NodeId| match (stream.nodes[i].kind, stream.nodes[i].program) {
            (Kind::Start, Some(p)) => stream.programs[p].wait,
            _ => i,
        };
        // Per buffer, the accesses not yet covered by a later write, writes
        // and reads apart: a read meets only the writes (a buffer read by
        // every program of a long block would otherwise be scanned whole at
        // every read, quadratic in its readers).
        let mut writes: Vec<Vec<(Access, NodeId)>> = vec![vec![]; stream.buffers.len()];
        let mut reads: Vec<Vec<(Access, NodeId)>> = vec![vec![]; stream.buffers.len()];
        for i in (0..n).filter(|&i| scheduled(i)) {
            for a in &stream.nodes[i].accesses {
                let read_before: &[(Access, NodeId)] = if a.write { &reads[a.buffer] } else { &[] };
                for (b, j) in writes[a.buffer].iter().chain(read_before) {
                    if *j != i && a.overlaps(b) {
                        let from = release(*j);
                        if from != i {
                            edges.push((from, i, EdgeKind::Memory));
                        }
                    }
                }
                if a.write {
                    writes[a.buffer].retain(|(b, j)| *j == i || !a.covers(b));
                    reads[a.buffer].retain(|(b, j)| *j == i || !a.covers(b));
                    writes[a.buffer].push((*a, i));
                } else {
                    reads[a.buffer].push((*a, i));
                }
            }
        }

        edges.sort_unstable();
        edges.dedup_by(|x, y| x.0 == y.0 && x.1 == y.1);
        let mut graph = DiGraph::with_capacity(n, edges.len());
        for i in 0..n {
            graph.add_node(i);
        }
        for (a, b, k) in edges {
            graph.add_edge(NodeIndex::new(a), NodeIndex::new(b), k);
        }

        // Orphan pure nodes: anchored at the next barrier.
        let mut needed = vec![false; n];
        for deps in &pure_deps {
            for &d in deps {
                needed[d] = true;
            }
        }
        let mut orphans = Vec::new();
        let mut next_barrier = None;
        for i in (0..n).rev() {
            match stream.nodes[i].kind {
                Kind::Barrier => next_barrier = Some(i),
                Kind::Pure if !needed[i] => orphans.push((i, next_barrier)),
                _ => {}
            }
        }
        orphans.reverse();
        // An orphan's pure ancestors go out with it (before it).
        for &(o, _) in &orphans {
            pure_deps[o] = pure_pure[o].clone();
        }

        // LRAM bookkeeping.
        let lram_buffers: Vec<Vec<BufferId>> = stream
            .nodes
            .iter()
            .map(|node| {
                let mut bufs: Vec<BufferId> = Vec::new();
                for a in &node.accesses {
                    if stream.buffers[a.buffer].lram && !bufs.contains(&a.buffer) {
                        bufs.push(a.buffer);
                    }
                }
                bufs
            })
            .collect();
        let start_buffers: Vec<Vec<BufferId>> = stream
            .programs
            .iter()
            .map(|p| lram_buffers[p.start].clone())
            .collect();
        // A start never waited for (a barrier that holds its slice) uses
        // its buffers to the block's end: they die with the last barrier
        // and the nodes after it (in a block, the terminator alone).
        let tail: Vec<NodeId> = match (0..n)
            .rev()
            .find(|&i| stream.nodes[i].kind == Kind::Barrier)
        {
            Some(last) => (last..n).filter(|&i| scheduled(i)).collect(),
            None => Vec::new(),
        };
        let mut buffer_users: Vec<Vec<NodeId>> = vec![vec![]; stream.buffers.len()];
        for i in (0..n).filter(|&i| scheduled(i)) {
            let held = stream.nodes[i].holds_slice.is_some();
            for a in &stream.nodes[i].accesses {
                let user = release(i);
                if buffer_users[a.buffer].last() != Some(&user) {
                    buffer_users[a.buffer].push(user);
                }
                if held {
                    buffer_users[a.buffer].extend(&tail);
                }
            }
        }
        for users in &mut buffer_users {
            users.sort_unstable();
            users.dedup();
        }
        let mut releases: Vec<Vec<BufferId>> = vec![vec![]; n];
        for (b, users) in buffer_users.iter().enumerate() {
            for &u in users {
                releases[u].push(b);
            }
        }
        let mut first_consumer = vec![None; n];
        let mut readers: Vec<Vec<(u64, u64, NodeId)>> = vec![vec![]; stream.buffers.len()];
        for (i, node) in stream.nodes.iter().enumerate() {
            if node.kind == Kind::Start {
                for a in node.accesses.iter().filter(|a| !a.write) {
                    readers[a.buffer].push((a.start, a.end, i));
                }
            }
        }
        for (i, node) in stream.nodes.iter().enumerate() {
            if node.kind != Kind::Load {
                continue;
            }
            first_consumer[i] = node
                .accesses
                .iter()
                .filter(|a| a.write)
                .filter_map(|a| {
                    readers[a.buffer]
                        .iter()
                        .find(|&&(s, e, st)| st > i && s < a.end && a.start < e)
                        .and_then(|&(_, _, st)| stream.nodes[st].program)
                })
                .min_by_key(|&p| stream.programs[p].start);
        }

        StreamGraph {
            graph,
            pure_deps,
            orphans,
            buffer_users,
            releases,
            start_buffers,
            first_consumer,
            lram_buffers,
        }
    }

    pub fn preds(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.graph
            .neighbors_directed(NodeIndex::new(node), Direction::Incoming)
            .map(|x| x.index())
    }

    pub fn succs(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.graph
            .neighbors_directed(NodeIndex::new(node), Direction::Outgoing)
            .map(|x| x.index())
    }

    /// Every edge as (from, to, kind), sorted.
    pub fn edges(&self) -> Vec<(NodeId, NodeId, EdgeKind)> {
        let mut e: Vec<_> = self
            .graph
            .edge_indices()
            .filter_map(|e| {
                let (a, b) = self.graph.edge_endpoints(e)?;
                Some((a.index(), b.index(), self.graph[e]))
            })
            .collect();
        e.sort_unstable();
        e
    }

    /// The whole block in the order of `scheduled` (its scheduled nodes):
    /// each pure node just before the first scheduled node that needs it,
    /// an orphan (with its pure ancestors) just before its anchor barrier
    /// (else at the end).
    pub fn complete_order(&self, scheduled: &[NodeId]) -> Vec<NodeId> {
        let mut emitted = vec![false; self.pure_deps.len()];
        let mut order = Vec::with_capacity(self.pure_deps.len());
        let mut emit = |p: NodeId, order: &mut Vec<NodeId>| {
            if !std::mem::replace(&mut emitted[p], true) {
                order.push(p);
            }
        };
        for &v in scheduled {
            for o in self.orphans.iter().filter(|o| o.1 == Some(v)) {
                for &p in &self.pure_deps[o.0] {
                    emit(p, &mut order);
                }
                emit(o.0, &mut order);
            }
            for &p in &self.pure_deps[v] {
                emit(p, &mut order);
            }
            order.push(v);
        }
        for o in &self.orphans {
            for &p in &self.pure_deps[o.0] {
                emit(p, &mut order);
            }
            emit(o.0, &mut order);
        }
        order
    }

    /// True when the graph has a cycle (malformed input: keep the input order).
    pub fn has_cycle(&self) -> bool {
        petgraph::algo::toposort(&self.graph, None).is_err()
    }
}
