//! The price of an order after allocation, in plain data: what
//! AddDeallocation, AssignLramAddresses and simulateStream would make of the
//! block in that order, without building the IR.
//!
//! The block in `order` becomes the allocator's input exactly as
//! `ir::allocation::read_problem` reads it after
//! AddDeallocation: an LRAM alloc node allocates its buffer; every other
//! node uses the LRAM buffers it accesses (a start pins them until its
//! wait); after the last user of each buffer in the order (for a program,
//! its wait; the alloc itself when there is none) comes its dealloc, in
//! allocation order, buffers numbered by the position of their alloc (as
//! the IR path numbers them). `alloc::plan_with` (the allocator's decisions, with the
//! placement the pipeline commits with, `hw.placer`) then places it, with
//! swaps, and the order is played with its swap transfers
//! (stores and loads of whole buffers, `Hw::transfer_cycles` at the
//! hardware's out- and in-MTU) on the time model.
//!
//! A test checks that this price equals the IR path (clone, passes,
//! simulateStream) on random functions.

use crate::alloc::{self, OpEvent, Swap};
use crate::cost::{Direction, Hw};
use crate::sched::graph::StreamGraph;
use crate::sched::simulate::Machine;
use crate::sched::stream::{Kind, NodeId, Stream};

/// Swaps and makespan after allocation of `stream` in `order`, or None when
/// the allocator cannot place it.
pub fn price_after_allocation(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
    hw: &Hw,
) -> Option<(usize, u64)> {
    price_or_failure(stream, graph, order, slice_of, hw).ok()
}

/// Why an order has no price after allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unplaced {
    /// The allocator gave up at the op at `position` of the order.
    At { position: usize },
    /// Node `node` uses an LRAM buffer the block does not allocate: no
    /// order of this block can be allocated (AssignLramAddresses refuses it
    /// too), whatever the order.
    NoAlloc { node: NodeId },
}

/// `price_after_allocation`, or where the allocator failed.
pub fn price_or_failure(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
    hw: &Hw,
) -> Result<(usize, u64), Unplaced> {
    price_placed(stream, graph, order, slice_of, hw, true).map(|p| (p.swaps, p.makespan))
}

/// An order's price after allocation, and whose addresses placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Priced {
    pub swaps: usize,
    pub makespan: u64,
    /// Offline placement's packing placed it (not first fit's plan): the
    /// price may differ from what `torq-placement=first-fit` gives.
    pub packed: bool,
}

/// The price of `order` when it places without a swap, else where the
/// allocator (with swaps off) gave up. This is `price_or_failure` exactly
/// whenever that places without a swap: with swaps off the allocator takes
/// the same steps (first fit, then the packing without swaps) and only
/// skips what would choose swaps.
pub fn price_swap_free(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
    hw: &Hw,
) -> Result<u64, Unplaced> {
    price_placed(stream, graph, order, slice_of, hw, false).map(|p| p.makespan)
}

/// `price_or_failure` (`allow_swaps`) or `price_swap_free` (not), saying
/// whose addresses placed the order.
pub fn price_placed(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
    hw: &Hw,
    allow_swaps: bool,
) -> Result<Priced, Unplaced> {
    let n = stream.nodes.len();
    let mut pos = vec![0usize; n];
    for (i, &v) in order.iter().enumerate() {
        pos[v] = i;
    }
    // Allocator buffer ids: LRAM buffers with an alloc node.
    let mut alloc_pos: Vec<Option<usize>> = vec![None; stream.buffers.len()];
    for (v, node) in stream.nodes.iter().enumerate() {
        if let Some(b) = node.defines {
            alloc_pos[b] = Some(pos[v]);
        }
    }
    // Where each buffer dies: after its last user in this order.
    let mut deallocs_after: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, users) in graph.buffer_users.iter().enumerate() {
        let Some(ap) = alloc_pos[b] else { continue };
        let last = users.iter().map(|&u| pos[u]).max().unwrap_or(ap).max(ap);
        deallocs_after[order[last]].push(b);
    }
    for list in &mut deallocs_after {
        list.sort_by_key(|&b| alloc_pos[b]);
    }
    // The allocator numbers buffers as `ir::allocation::read_problem` does
    // on the committed IR: by the position of their alloc in the order (its
    // swap-ins within one op go in that order, so the numbering decides).
    let mut by_alloc: Vec<usize> = (0..stream.buffers.len())
        .filter(|&b| alloc_pos[b].is_some())
        .collect();
    by_alloc.sort_by_key(|&b| alloc_pos[b]);
    let mut id = vec![usize::MAX; stream.buffers.len()];
    for (k, &b) in by_alloc.iter().enumerate() {
        id[b] = k;
    }
    // Events, one per op of the allocated block.
    let mut events: Vec<OpEvent> = Vec::with_capacity(n.saturating_mul(2));
    let mut node_of_event: Vec<Option<NodeId>> = Vec::with_capacity(n.saturating_mul(2));
    let mut wait_event: Vec<usize> = vec![usize::MAX; stream.programs.len()];
    let mut start_event: Vec<(usize, usize)> = Vec::new();
    // Starts never waited for: they pin their buffers to the block's end.
    let mut held_event: Vec<usize> = Vec::new();
    for &v in order {
        let node = &stream.nodes[v];
        let mut e = OpEvent::default();
        if let Some(b) = node.defines {
            e.allocs.push(id[b]);
        } else if node.kind != Kind::Pure && node.kind != Kind::Wait {
            for a in &node.accesses {
                if stream.buffers[a.buffer].lram {
                    if alloc_pos[a.buffer].is_none() {
                        return Err(Unplaced::NoAlloc { node: v });
                    }
                    if !e.uses.contains(&id[a.buffer]) {
                        e.uses.push(id[a.buffer]);
                    }
                }
            }
            e.uses.sort_unstable();
        }
        if let (Kind::Start, Some(p)) = (node.kind, node.program) {
            start_event.push((events.len(), p));
        }
        if node.holds_slice.is_some() {
            held_event.push(events.len());
        }
        if let (Kind::Wait, Some(p)) = (node.kind, node.program) {
            wait_event[p] = events.len();
        }
        events.push(e);
        node_of_event.push(Some(v));
        for &b in &deallocs_after[v] {
            events.push(OpEvent {
                deallocs: vec![id[b]],
                ..Default::default()
            });
            node_of_event.push(None);
        }
    }
    for (ev, p) in start_event {
        if wait_event[p] != usize::MAX && wait_event[p] > ev {
            events[ev].pin_until = Some(wait_event[p]);
        }
    }
    let end = events.len();
    for ev in held_event {
        events[ev].pin_until = Some(end);
    }
    let sizes: Vec<u64> = by_alloc.iter().map(|&b| stream.buffers[b].bytes).collect();
    let mut timing =
        |plan: &alloc::AllocPlan| play(stream, &node_of_event, plan, &sizes, slice_of, hw);
    let plan = alloc::plan_timed(
        &sizes,
        &events,
        hw.usable_lram_bytes(),
        allow_swaps,
        hw.placer,
        Some(&mut timing),
    )
    .map_err(|e| {
        let position = node_of_event[..=e.op()]
            .iter()
            .flatten()
            .count()
            .saturating_sub(1);
        Unplaced::At { position }
    })?;
    let makespan = play(stream, &node_of_event, &plan, &sizes, slice_of, hw);
    Ok(Priced {
        swaps: plan.swaps_out.saturating_add(plan.swaps_in),
        makespan,
        packed: plan
            .offline
            .as_ref()
            .is_some_and(|r| r.placed_by == crate::alloc::offline::PlacedBy::Packed),
    })
}

/// The makespan of an allocated order on the time model: per allocator
/// event, its plan's swap transfers (whole buffers of `sizes` bytes, at
/// the hardware's out- and in-MTU), then its node (`node_of_event`; None:
/// an event of no node, a dealloc), on `slice_of`. The pricer's price, and
/// what AssignLramAddresses times its candidate plans with.
pub fn play(
    stream: &Stream,
    node_of_event: &[Option<NodeId>],
    plan: &alloc::AllocPlan,
    sizes: &[u64],
    slice_of: &[u32],
    hw: &Hw,
) -> u64 {
    let mut m = Machine::new(stream);
    for (i, node) in node_of_event.iter().enumerate() {
        for swap in plan.before.get(i).into_iter().flatten() {
            let (b, dir) = match *swap {
                Swap::Out { buf } => (buf, Direction::Out),
                Swap::In { buf, .. } => (buf, Direction::In),
            };
            m.clock.transfer(hw.transfer_cycles(sizes[b], dir));
        }
        if let Some(v) = node {
            m.apply(stream, *v, stream.nodes[*v].program.map(|p| slice_of[p]));
        }
    }
    m.makespan()
}
