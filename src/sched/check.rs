//! An independent checker of schedules, from first principles (in the
//! spirit of regalloc2's checker): it does not use StreamGraph. Given the
//! stream and a candidate order it re-derives, by brute force over pairs,
//! what must hold and reports every violation:
//!
//! - the order is a permutation of the block;
//! - every operand comes before its user;
//! - every start comes before its wait;
//! - barriers keep their place relative to every scheduled node;
//! - two accesses to overlapping bytes of one buffer, one a write, keep their
//!   input order, with a program's accesses lasting from its start to its wait;
//! - at most one program in flight per slice.
//!
//! Cost O(n^2): for tests and debug builds, not the hot path.

use super::stream::{Kind, NodeId, Stream};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("the order has {got} entries for {expected} nodes, or repeats one")]
    NotAPermutation { got: usize, expected: usize },
    #[error("node {user} comes before its operand {operand}")]
    OperandAfterUser { user: NodeId, operand: NodeId },
    #[error("wait {wait} comes before its start {start}")]
    WaitBeforeStart { start: NodeId, wait: NodeId },
    #[error("barrier {barrier} and node {node} changed their relative order")]
    BarrierMoved { barrier: NodeId, node: NodeId },
    #[error("memory hazard on buffer {buffer}: node {first} must stay before node {second}")]
    Hazard {
        buffer: usize,
        first: NodeId,
        second: NodeId,
    },
    #[error("program {program} is given slice {slice}, but the target has {slices} slices")]
    SliceOutOfRange {
        slice: u32,
        program: usize,
        slices: u32,
    },
    #[error("{got} slices given for {expected} programs")]
    SlicesMissing { got: usize, expected: usize },
    #[error("slice {slice}: program {program} starts on a slice held by a start without a wait")]
    SliceHeld { slice: u32, program: usize },
    #[error("slice {slice}: a start without a wait takes it while program {running} is in flight")]
    HeldWhileRunning { slice: u32, running: usize },
    #[error("slice {slice}: program {program} starts while program {running} is in flight")]
    SliceBusy {
        slice: u32,
        program: usize,
        running: usize,
    },
}

pub fn check_order(
    stream: &Stream,
    order: &[NodeId],
    slice_of: &[u32],
) -> Result<(), Vec<OrderError>> {
    let n = stream.nodes.len();
    let pos = positions(stream, order)?;
    let mut errors = Vec::new();
    operands_first(stream, &pos, &mut errors);
    for p in &stream.programs {
        if pos[p.start] > pos[p.wait] {
            errors.push(OrderError::WaitBeforeStart {
                start: p.start,
                wait: p.wait,
            });
        }
    }
    let scheduled: Vec<NodeId> = (0..n)
        .filter(|&v| stream.nodes[v].kind != Kind::Pure)
        .collect();
    for &b in scheduled
        .iter()
        .filter(|&&v| stream.nodes[v].kind == Kind::Barrier)
    {
        for &v in &scheduled {
            if v != b && (v < b) != (pos[v] < pos[b]) {
                errors.push(OrderError::BarrierMoved {
                    barrier: b,
                    node: v,
                });
            }
        }
    }
    // A node's accesses span [begin, end] in both orders: a start's last until its wait.
    let span_end = |v: NodeId| match (stream.nodes[v].kind, stream.nodes[v].program) {
        (Kind::Start, Some(p)) => stream.programs[p].wait,
        _ => v,
    };
    for (i, &a) in scheduled.iter().enumerate() {
        for &b in scheduled.iter().skip(i.saturating_add(1)) {
            for x in &stream.nodes[a].accesses {
                for y in &stream.nodes[b].accesses {
                    if (x.write || y.write) && x.overlaps(y) {
                        // Input order: a before b, so a's span ends before b.
                        let end_a = span_end(a);
                        if pos[end_a] > pos[b] {
                            errors.push(OrderError::Hazard {
                                buffer: x.buffer,
                                first: end_a,
                                second: b,
                            });
                        }
                    }
                }
            }
        }
    }
    one_per_slice(stream, order, slice_of, &mut errors);
    result(errors)
}

/// The linear-time check used on every candidate in the passes: a
/// permutation, operands first, every StreamGraph edge respected, one
/// program per slice. (The brute-force `check_order` re-derives the
/// dependences without the graph; the passes also run it on blocks of up to
/// `BRUTE_FORCE_LIMIT` nodes, and tests run it everywhere.)
pub fn check_against_graph(
    stream: &Stream,
    graph: &super::graph::StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
) -> Result<(), Vec<OrderError>> {
    let pos = positions(stream, order)?;
    let mut errors = Vec::new();
    operands_first(stream, &pos, &mut errors);
    for (a, b, _) in graph.edges() {
        if pos[a] > pos[b] {
            errors.push(OrderError::Hazard {
                buffer: usize::MAX,
                first: a,
                second: b,
            });
        }
    }
    one_per_slice(stream, order, slice_of, &mut errors);
    result(errors)
}

/// Blocks up to this many nodes also get the brute-force `check_order` in the passes.
pub const BRUTE_FORCE_LIMIT: usize = 4096;

/// Each node's position in `order`, or the error when it is not a permutation.
fn positions(stream: &Stream, order: &[NodeId]) -> Result<Vec<usize>, Vec<OrderError>> {
    let n = stream.nodes.len();
    let bad = || {
        vec![OrderError::NotAPermutation {
            got: order.len(),
            expected: n,
        }]
    };
    let mut pos = vec![usize::MAX; n];
    for (i, &v) in order.iter().enumerate() {
        if v >= n || pos[v] != usize::MAX {
            return Err(bad());
        }
        pos[v] = i;
    }
    if order.len() != n {
        return Err(bad());
    }
    Ok(pos)
}

fn operands_first(stream: &Stream, pos: &[usize], errors: &mut Vec<OrderError>) {
    for (v, node) in stream.nodes.iter().enumerate() {
        for &o in &node.operands {
            if pos[o] > pos[v] {
                errors.push(OrderError::OperandAfterUser {
                    user: v,
                    operand: o,
                });
            }
        }
    }
}

/// At most one program in flight per slice.
fn one_per_slice(
    stream: &Stream,
    order: &[NodeId],
    slice_of: &[u32],
    errors: &mut Vec<OrderError>,
) {
    if slice_of.len() < stream.programs.len() {
        errors.push(OrderError::SlicesMissing {
            got: slice_of.len(),
            expected: stream.programs.len(),
        });
        return;
    }
    if let Some((p, &slice)) = slice_of
        .iter()
        .enumerate()
        .take(stream.programs.len())
        .find(|(_, &s)| s >= stream.slices)
    {
        errors.push(OrderError::SliceOutOfRange {
            slice,
            program: p,
            slices: stream.slices,
        });
        return;
    }
    let mut running: Vec<Option<usize>> = vec![None; stream.slices as usize];
    let mut held = vec![false; stream.slices as usize];
    for &v in order {
        match (stream.nodes[v].kind, stream.nodes[v].program) {
            (Kind::Barrier, _) => {
                if let Some(s) = stream.nodes[v].holds_slice {
                    if let Some(r) = running.get(s as usize).copied().flatten() {
                        errors.push(OrderError::HeldWhileRunning {
                            slice: s,
                            running: r,
                        });
                    }
                    if let Some(h) = held.get_mut(s as usize) {
                        *h = true;
                    }
                }
            }
            (Kind::Start, Some(p)) => {
                let s = slice_of[p] as usize;
                if held.get(s).copied().unwrap_or(false) {
                    errors.push(OrderError::SliceHeld {
                        slice: s as u32,
                        program: p,
                    });
                }
                if let Some(r) = running.get(s).copied().flatten() {
                    errors.push(OrderError::SliceBusy {
                        slice: s as u32,
                        program: p,
                        running: r,
                    });
                }
                if let Some(slot) = running.get_mut(s) {
                    *slot = Some(p);
                }
            }
            (Kind::Wait, Some(p)) => {
                for slot in running.iter_mut().filter(|r| **r == Some(p)) {
                    *slot = None;
                }
            }
            _ => {}
        }
    }
}

fn result(mut errors: Vec<OrderError>) -> Result<(), Vec<OrderError>> {
    errors.dedup();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
