//! `constant-loads` (what `torq-prefetch-algorithm=auto` runs): the baseline
//! that keeps the stream order except that each load of constant data
//! (a `torq_hl.const`, a read-only `map_binding`) moves to just after the
//! start of the program before it.
//!
//! A load moves when every dependence it has comes before that start (its
//! pure operands travel with it, when no user left in place needs them
//! earlier). The new order is committed when it keeps every dependence (the
//! graph check, and the brute-force checker on blocks it can afford), is
//! predicted no slower than the input, and the allocator places it without a
//! swap; otherwise nothing moves.
//!
//! The decision goes through the same pool and pricer as stream-schedule's
//! (`super::pool`): the moved order is the pool's one candidate, and the
//! report is built from the pool at the end (`super::conclude`).
//!
//! Cost: linear in the block (nodes, graph edges and pure-operand lists) to
//! build the order, one simulation and one allocator run when something
//! moved; nothing beyond the scan when nothing did.

use super::pool::{Chosen, Kept, Origin, Pool, Pricer};
use super::{check_candidate, BlockInput, Decision};
use crate::cost::Hw;
use crate::sched::graph::StreamGraph;
use crate::sched::list::Schedule;
use crate::sched::simulate::simulate_order;
use crate::sched::stream::{Kind, NodeId, Stream};

/// The order with every movable constant load right after the start before
/// it, and how many moved. `from_constant[v]`: node `v` is a load of
/// constant data.
pub fn hoisted_order(s: &Stream, g: &StreamGraph, from_constant: &[bool]) -> (Vec<NodeId>, usize) {
    let n = s.nodes.len();
    // after[sp]: the loads that move to just after start `sp`, in input order.
    let mut after: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    let mut hoisted = vec![false; n];
    let mut moved = 0usize;
    let mut last_start: Option<NodeId> = None;
    for (v, node) in s.nodes.iter().enumerate() {
        if node.kind == Kind::Start {
            last_start = Some(v);
        }
        if node.kind != Kind::Load || !from_constant.get(v).copied().unwrap_or(false) {
            continue;
        }
        let Some(sp) = last_start else { continue };
        let deps_ok = g.preds(v).all(|p| p <= sp)
            && node
                .operands
                .iter()
                .all(|&p| p <= sp || s.nodes[p].kind == Kind::Pure);
        if deps_ok && sp.saturating_add(1) < v {
            after[sp].push(v);
            hoisted[v] = true;
            moved = moved.saturating_add(1);
        }
    }
    if moved == 0 {
        return (s.input_order(), 0);
    }
    // A pure operand travels with a moved load when every user left in
    // place comes after that load: the earliest such user, per pure node.
    let mut first_staying_user = vec![usize::MAX; n];
    for (u, deps) in g.pure_deps.iter().enumerate() {
        if !hoisted[u] {
            for &p in deps {
                first_staying_user[p] = first_staying_user[p].min(u);
            }
        }
    }
    let mut travels = vec![false; n];
    for v in (0..n).filter(|&v| hoisted[v]) {
        for &p in &g.pure_deps[v] {
            if first_staying_user[p] > v {
                travels[p] = true;
            }
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    for v in 0..n {
        if !hoisted[v] && !travels[v] {
            order.push(v);
            placed[v] = true;
        }
        for &h in &after[v] {
            for &p in &g.pure_deps[h] {
                if travels[p] && !placed[p] {
                    order.push(p);
                    placed[p] = true;
                }
            }
            order.push(h);
            placed[h] = true;
        }
    }
    (order, moved)
}

/// The decision of one block under constant-loads, over the decision's
/// pool and pricer: the moved order is its one candidate, chosen by the
/// spec's rule (no slower predicted, placed without a swap), and the report
/// is built from the pool as stream-schedule's is.
pub fn decide(
    s: &Stream,
    g: &StreamGraph,
    from_constant: &[bool],
    hw: &Hw,
    block: &BlockInput,
) -> Decision {
    let mut pool = Pool {
        usable: hw.usable_lram_bytes(),
        input_predicted: block.input.makespan,
        lower_bound: block.lower_bound,
        ..Pool::default()
    };
    // The decision's one pricer (memoised, counting its allocator runs).
    let mut pricer = Pricer::new(s, g, hw);
    choose(s, g, from_constant, block, &mut pricer, &mut pool);
    super::conclude(pool, FULL_CAP_PERCENT, block, pricer.runs())
}

/// The cap a constant-loads candidate is reported at: it has none.
const FULL_CAP_PERCENT: u64 = 100;

/// Adds the moved order to `pool` and chooses it, or says why not.
fn choose(
    s: &Stream,
    g: &StreamGraph,
    from_constant: &[bool],
    block: &BlockInput,
    pricer: &mut Pricer,
    pool: &mut Pool,
) {
    let (order, moved) = hoisted_order(s, g, from_constant);
    if moved == 0 {
        pool.why_kept = Some(Kept::NothingToMove);
        return;
    }
    let slices = s.input_slices();
    let legal = order.len() == s.nodes.len() && check_candidate(s, g, &order, &slices).is_ok();
    let sim = legal.then(|| simulate_order(s, g, &order, &slices));
    let Some(sim) = sim.filter(|sim| sim.makespan <= block.input.makespan) else {
        pool.why_kept = Some(Kept::NotFasterOrLegal);
        return;
    };
    let price = pricer.price_of(&order, &slices);
    let schedule = Schedule {
        order,
        slice_of: slices,
        makespan: sim.makespan,
        peak_live_bytes: sim.peak_live_bytes,
        unplaced_buffers: 0,
        steps: Vec::new(),
    };
    let index = pool.add(Origin::ConstantLoads { moved }, schedule, price);
    if price.swaps() == Some(0) {
        pool.choose(Chosen { index, pass: 0 });
    } else {
        pool.why_kept = Some(Kept::NeedsSwaps);
    }
}
