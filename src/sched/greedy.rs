//! The iterated greedy: a search over program priorities, each decoded by the
//! list scheduler (Ruiz & Stützle's iterated greedy for flow shops, with the
//! list scheduler as the decoder).
//!
//! # Why
//!
//! The list policies give every program one priority by a rule (input order,
//! the longest path, the longest program, Johnson's rule). Blocks whose
//! programs come in groups that share big buffers (GQA attention: each head's
//! K/V cache tiles loaded, read by the head's programs, updated and stored
//! back) are decided by the order of the groups, which no rule sees: where
//! one head's K/V stores overlap another head's compute, the block runs 10%
//! faster. The local searches over stream orders move one node or trade two
//! programs' slots, and do not cross between such orders; a priority
//! permutation decoded by the list scheduler does, in one move, and every
//! decoded order is one the list scheduler's rules keep within LRAM.
//!
//! # The search
//!
//! A point is a permutation of the programs; its decode is the list schedule
//! whose ready queues are ordered by the permutation (a start by its
//! program's place, a load or store by the place of the program it feeds,
//! `list::program_keys`), and whose upcoming programs (which loads are near,
//! the reserve for the programs before a load's consumer) follow it too
//! (`ListParams::upcoming_by_key`; with the input's order instead, the
//! order committed at effort 3 on GQA attention with two heads is 2.5%
//! slower); its value is the decode's
//! makespan on the time model when its live bytes stay within LRAM. The search starts from the
//! best of the given permutations (the programs in the order their starts
//! take in the best schedules found before) and repeats:
//!
//! 1. *destroy*: take `DESTROY` programs, drawn by a seeded generator, out of
//!    the permutation;
//! 2. *construct*: insert each back at the place, among the `REACH` places
//!    either side of where it was, whose decode is fastest (ties to the
//!    earlier place). While one goes back, those still out rank first (the
//!    key 0 of the first place, ties in input order): a perturbation that
//!    measured better than decoding whole permutations, with the others put
//!    back where they were (GQA attention with two heads: 1.7% from the
//!    reference at effort 2 against 10.5%; reduce-tiles-60-s1 at effort 3:
//!    the reference against 1.05% above it). Every decode is a list
//!    schedule of every program, whatever its priorities;
//! 3. *accept* the result if it is no slower than the current point, or
//!    else with probability `exp(-Δ / T)`, `T` a thousandth of the current
//!    makespan (Ruiz & Stützle's constant temperature, scaled to the block).
//!
//! The best point decoded is kept; the search stops when the budget of
//! decodes is spent or a decode reaches `target` (the bound, or under effort
//! by the gap the bound plus the gap).
//!
//! # Cost
//!
//! One decode is one list schedule: O(nodes x window) with the reserve scan,
//! the same order of work as reading the block; an iteration is at most
//! `DESTROY x (2 REACH + 1)` decodes, whatever the block's size. The budget
//! counts decodes, so the stage costs a bounded multiple of one list
//! schedule; the decision gives a block of more than 1,000 ops the same
//! work counted in decodes of 1,000 ops, and at least a sixteenth of its
//! decodes (`decide::Budgets::for_block`), so that on long blocks the stage
//! costs a fixed multiple of reading the block. A budget that cannot finish
//! one iteration after the starts (`ITERATION_DECODES`) decodes only the
//! starts: on the 5,000-program chain of the size bench, where effort 2's
//! share is 10 decodes, the three starts found 5,605,427 cycles from the
//! list stage's 5,623,818 and the seven decodes of a partial iteration
//! after them 444 cycles more, for 70% of the stage's time. Deterministic:
//! a seeded generator, no clock.

use super::graph::StreamGraph;
use super::list::{list_schedule_keyed, program_keys, ListParams, Schedule};
use super::stream::{Kind, ProgramId, Stream};
use crate::budget::Budget;
use crate::rng::Rng;
use serde::Serialize;

/// Programs taken out of the permutation per iteration.
pub const DESTROY: usize = 2;
/// Places either side of a program's old place where it may go back.
pub const REACH: usize = 8;
/// The generator's seed (fixed: the search is a function of its input).
const SEED: u64 = 0x1257;

/// Decodes one iteration may take: each program taken out tried at every
/// place within `REACH` of where it was.
pub const ITERATION_DECODES: u64 = (DESTROY * (2 * REACH + 1)) as u64;

/// What the search spent and found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GreedyEffort {
    pub decodes: u64,
    pub iterations: u64,
    /// Iterations whose result became the current point.
    pub accepted: u64,
}

/// The search's best decode.
pub struct Greedy {
    pub schedule: Schedule,
    /// The best decode among the starts, to say what the search won.
    pub from: u64,
    pub effort: GreedyEffort,
}

/// The programs in the order their starts take in `schedule`.
pub fn permutation_of(stream: &Stream, schedule: &Schedule) -> Vec<ProgramId> {
    schedule
        .order
        .iter()
        .filter(|&&v| stream.nodes[v].kind == Kind::Start)
        .filter_map(|&v| stream.nodes[v].program)
        .collect()
}

struct Decoder<'a> {
    stream: &'a Stream,
    graph: &'a StreamGraph,
    params: ListParams,
    usable: u64,
    /// List schedules left and made.
    budget: Budget,
    effort: GreedyEffort,
}

impl Decoder<'_> {
    /// The list schedule under `perm`, and its value (`u64::MAX` when its
    /// live bytes break LRAM or a buffer got no room); None once the budget
    /// is spent.
    fn decode(&mut self, perm: &[ProgramId]) -> Option<(u64, Option<Schedule>)> {
        if !self.budget.take() {
            return None;
        }
        let mut rank = vec![0i64; self.stream.programs.len()];
        for (place, &p) in perm.iter().enumerate() {
            rank[p] = i64::try_from(place).unwrap_or(i64::MAX);
        }
        let keys = program_keys(self.stream, self.graph, &rank);
        match list_schedule_keyed(self.stream, self.graph, self.params, keys, false) {
            Ok(s) if s.peak_live_bytes <= self.usable && s.unplaced_buffers == 0 => {
                Some((s.makespan, Some(s)))
            }
            _ => Some((u64::MAX, None)),
        }
    }
}

/// Searches program priorities from `starts` (permutations of the
/// programs) with the list schedules `decodes` holds under `params`, until
/// a decode reaches `target`. None when no decode stays within `usable`
/// bytes.
pub fn iterated_greedy(
    stream: &Stream,
    graph: &StreamGraph,
    params: ListParams,
    usable: u64,
    starts: &[Vec<ProgramId>],
    decodes: Budget,
    target: u64,
) -> Option<Greedy> {
    let mut dec = Decoder {
        stream,
        graph,
        params: ListParams {
            upcoming_by_key: true,
            ..params
        },
        usable,
        budget: decodes,
        effort: GreedyEffort::default(),
    };
    let np = stream.programs.len();
    // The best start: the current point, and the best decode so far.
    let mut best: Option<(u64, Schedule)> = None;
    let mut cur: Option<&Vec<ProgramId>> = None;
    for perm in starts.iter().filter(|p| p.len() == np) {
        let Some((m, s)) = dec.decode(perm) else {
            break;
        };
        if let Some(s) = s {
            if best.as_ref().is_none_or(|b| m < b.0) {
                best = Some((m, s));
                cur = Some(perm);
            }
        }
    }
    let from = best.as_ref()?.0;
    let (mut cur_m, mut cur) = (from, cur?.clone());
    let mut rng = Rng::new(SEED);
    // A budget that cannot finish one iteration after the starts buys
    // only the starts: a program tried at a few of its places is a draw,
    // not a search (a long block's share, `decide::Budgets::for_block`).
    let iterate = dec.budget.left() >= ITERATION_DECODES;
    'search: while iterate && np > 1 && best.as_ref().is_some_and(|b| b.0 > target) {
        dec.effort.iterations = dec.effort.iterations.saturating_add(1);
        let mut perm = cur.clone();
        let mut out: Vec<(ProgramId, usize)> = Vec::with_capacity(DESTROY);
        for _ in 0..DESTROY.min(np.saturating_sub(1)) {
            let at = rng.range(0, (perm.len() as u64).saturating_sub(1)) as usize;
            out.push((perm.remove(at), at));
        }
        let mut value = u64::MAX;
        for (p, was) in out {
            let lo = was.saturating_sub(REACH);
            let hi = was.saturating_add(REACH).min(perm.len());
            let mut pick: Option<(u64, usize)> = None;
            for at in lo..=hi {
                perm.insert(at, p);
                let Some((m, s)) = dec.decode(&perm) else {
                    break 'search;
                };
                if let Some(s) = s {
                    if best.as_ref().is_none_or(|b| m < b.0) {
                        tracing::trace!(target: "torq-prefetch-inputs", decodes = dec.budget.spent(), makespan = m, "iterated greedy: a new best");
                        best = Some((m, s));
                    }
                }
                perm.remove(at);
                if pick.is_none_or(|(v, _)| m < v) {
                    pick = Some((m, at));
                }
            }
            let (m, at) = pick.unwrap_or((u64::MAX, was.min(perm.len())));
            perm.insert(at, p);
            value = m;
        }
        let take = value <= cur_m || {
            // exp(-Δ/T), T = cur/1000; a draw in [0, 1).
            let t = (cur_m as f64 / 1000.0).max(1.0);
            let delta = value.saturating_sub(cur_m) as f64;
            let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            value != u64::MAX && draw < (-delta / t).exp()
        };
        if take {
            dec.effort.accepted = dec.effort.accepted.saturating_add(1);
            cur = perm;
            cur_m = value;
        }
    }
    let effort = GreedyEffort {
        decodes: dec.budget.spent(),
        ..dec.effort
    };
    best.map(|(_, schedule)| Greedy {
        schedule,
        from,
        effort,
    })
}
