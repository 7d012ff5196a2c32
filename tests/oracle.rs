//! The exact oracle against an exhaustive search, and its bound against
//! every list schedule.
//!
//! The exhaustive search shares no code with the oracle's model: it plays
//! every dependence-respecting order and every free-slice choice on the time
//! model (`Machine`, `Lifetimes`) with branch and bound. On tiny random
//! streams (LRAM sometimes binding, one to three slices, held slices) the
//! oracle must prove the same optimum, and every order it returns must pass
//! the independent checker and replay to the makespan it claims.

use std::time::Duration;
use torq_sched::budget::Budget;
use torq_sched::sched::bounds::{lower_bounds, lower_bounds_within};
use torq_sched::sched::check::check_order;
use torq_sched::sched::gen::{random_stream, GenParams, Rng};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};
use torq_sched::sched::oracle::{solve, OracleLimits, EVENTS_PER_STEP};
use torq_sched::sched::simulate::{simulate_order, Lifetimes, Machine};
use torq_sched::sched::stream::{Kind, NodeId, Stream};

struct Search<'a> {
    stream: &'a Stream,
    graph: &'a StreamGraph,
    usable: u64,
    best: u64,
    leaves: u64,
}

impl Search<'_> {
    fn go(&mut self, m: &Machine, life: &Lifetimes, indeg: &mut Vec<usize>, left: usize) {
        if self.leaves > 2_000_000 {
            return;
        }
        if left == 0 {
            self.leaves += 1;
            self.best = self.best.min(m.makespan());
            return;
        }
        if m.clock.t >= self.best {
            return;
        }
        let ready: Vec<NodeId> = (0..indeg.len())
            .filter(|&v| indeg[v] == 0 && self.stream.nodes[v].kind != Kind::Pure)
            .collect();
        for v in ready {
            let node = &self.stream.nodes[v];
            let slices: Vec<Option<u32>> = if node.kind == Kind::Start {
                (0..self.stream.slices)
                    .filter(|&s| m.slots[s as usize].prog.is_none() && !m.slots[s as usize].held)
                    .map(Some)
                    .collect()
            } else {
                vec![None]
            };
            for slice in slices {
                let mut m2 = m.clone();
                let mut l2 = life.clone();
                let new: Vec<usize> = l2.new_buffers(self.graph, v).collect();
                for b in new {
                    l2.birth(self.stream, b);
                }
                if l2.live > self.usable {
                    continue;
                }
                m2.apply(self.stream, v, slice);
                l2.release(self.stream, self.graph, v);
                indeg[v] = usize::MAX;
                let succs: Vec<NodeId> = self.graph.succs(v).collect();
                for &s in &succs {
                    indeg[s] -= 1;
                }
                self.go(&m2, &l2, indeg, left - 1);
                for &s in &succs {
                    indeg[s] += 1;
                }
                indeg[v] = 0;
            }
        }
    }
}

/// The optimum over every order and slice choice, or None when the search
/// is too large or nothing fits.
fn exhaustive(stream: &Stream, graph: &StreamGraph, usable: u64) -> Option<u64> {
    let n = stream.nodes.len();
    let mut indeg: Vec<usize> = (0..n).map(|v| graph.preds(v).count()).collect();
    for (v, d) in indeg.iter_mut().enumerate() {
        if stream.nodes[v].kind == Kind::Pure {
            *d = usize::MAX;
        }
    }
    let left = (0..n)
        .filter(|&v| stream.nodes[v].kind != Kind::Pure)
        .count();
    let mut s = Search {
        stream,
        graph,
        usable,
        best: u64::MAX,
        leaves: 0,
    };
    s.go(
        &Machine::new(stream),
        &Lifetimes::new(stream, graph),
        &mut indeg,
        left,
    );
    (s.leaves <= 2_000_000 && s.best != u64::MAX).then_some(s.best)
}

fn generous() -> OracleLimits {
    OracleLimits {
        time: Some(Duration::from_secs(60)),
        ..OracleLimits::default()
    }
}

// Two halves of the seeds, so the test harness runs them on two cores.
#[test]
fn oracle_equals_exhaustive_search_on_tiny_streams_even_seeds() {
    oracle_equals_exhaustive_search_on_tiny_streams(0);
}

#[test]
fn oracle_equals_exhaustive_search_on_tiny_streams_odd_seeds() {
    oracle_equals_exhaustive_search_on_tiny_streams(1);
}

fn oracle_equals_exhaustive_search_on_tiny_streams(half: u64) {
    let mut compared = 0;
    let (mut lram_bound, mut raised) = (0, 0);
    for seed in (half..600u64).step_by(2) {
        let mut rng = Rng::new(seed ^ 0x5eed);
        let g = GenParams {
            programs: 1 + (seed % 3) as usize,
            slices: 1 + (seed % 3) as u32,
            max_buffer: 64 * 1024,
            max_weights: 2,
            barrier_percent: 20,
            held_percent: 20,
        };
        let s = random_stream(seed, g);
        let graph = StreamGraph::build(&s);
        let total: u64 = s.buffers.iter().filter(|b| b.lram).map(|b| b.bytes).sum();
        // Half of the cases squeeze LRAM below the sum of all buffers.
        let usable = if rng.chance(50) {
            rng.range(total / 2, total)
        } else {
            523_008
        };
        let Some(opt) = exhaustive(&s, &graph, usable) else {
            continue;
        };
        let inc = list_schedule_with(&s, &graph, ListParams::new(usable), Policy::Fifo, false)
            .expect("a valid stream schedules");
        let r = solve(
            &s,
            &graph,
            usable,
            (&inc.order, &inc.slice_of),
            generous(),
            Budget::new(u64::MAX),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(r.optimal, "seed {seed}: not proven: {r:?}");
        assert_eq!(
            r.makespan, opt,
            "seed {seed}: oracle {} vs exhaustive {opt}",
            r.makespan
        );
        check_order(&s, &r.order, &r.slice_of).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        let sim = simulate_order(&s, &graph, &r.order, &r.slice_of);
        assert_eq!(sim.makespan, r.makespan, "seed {seed}");
        assert!(sim.peak_live_bytes <= usable, "seed {seed}");
        compared += 1;
        // The lower bounds within that LRAM never pass the optimum; count
        // where the hiding term (slices, bytes not live together) is what
        // raises them.
        let b = lower_bounds_within(&s, &graph, Some(usable));
        assert!(
            b.best <= opt,
            "seed {seed}: bound {b:?} above the optimum {opt}"
        );
        if b.hiding > lower_bounds(&s, &graph).best.max(b.critical_path) {
            raised += 1;
        }
        // LRAM binds: without it the optimum would be faster.
        if exhaustive(&s, &graph, u64::MAX).is_some_and(|free| free < opt) {
            lram_bound += 1;
        }
    }
    println!("{compared} streams compared, LRAM binding in {lram_bound}, the hiding term raised the bound in {raised}");
    assert!(compared >= 150, "only {compared} streams were small enough");
    assert!(raised >= 4, "the hiding term raised only {raised} bounds");
    assert!(
        lram_bound >= 7,
        "LRAM bound the optimum in only {lram_bound} cases"
    );
}

#[test]
fn oracle_bound_is_below_every_list_schedule() {
    for seed in 0..60u64 {
        let g = GenParams {
            programs: 4 + (seed % 9) as usize,
            slices: 1 + (seed % 2) as u32,
            ..GenParams::small(0)
        };
        let s = random_stream(seed, g);
        let graph = StreamGraph::build(&s);
        let usable = 523_008;
        let lp = ListParams::new(usable);
        let schedules: Vec<_> = Policy::ALL
            .into_iter()
            .map(|p| list_schedule_with(&s, &graph, lp, p, false).unwrap())
            .collect();
        let inc = schedules.iter().min_by_key(|x| x.makespan).unwrap();
        let limits = OracleLimits::default();
        let r = solve(
            &s,
            &graph,
            usable,
            (&inc.order, &inc.slice_of),
            limits,
            Budget::new(200_000),
        )
        .unwrap();
        assert!(
            r.bound <= r.makespan && r.makespan <= inc.makespan,
            "seed {seed}: {r:?}"
        );
        assert!(r.bound >= r.analytic_bound, "seed {seed}");
        for x in &schedules {
            if x.peak_live_bytes <= usable {
                assert!(
                    x.makespan >= r.bound,
                    "seed {seed}: {} < {}",
                    x.makespan,
                    r.bound
                );
            }
        }
        check_order(&s, &r.order, &r.slice_of).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        assert_eq!(
            simulate_order(&s, &graph, &r.order, &r.slice_of).makespan,
            r.makespan
        );
    }
}

#[test]
fn oracle_is_deterministic_under_a_step_budget() {
    let s = random_stream(7, GenParams::small(10));
    let graph = StreamGraph::build(&s);
    let inc =
        list_schedule_with(&s, &graph, ListParams::new(523_008), Policy::Fifo, false).unwrap();
    let limits = OracleLimits::default();
    let a = solve(
        &s,
        &graph,
        523_008,
        (&inc.order, &inc.slice_of),
        limits,
        Budget::new(5_000),
    )
    .unwrap();
    let b = solve(
        &s,
        &graph,
        523_008,
        (&inc.order, &inc.slice_of),
        limits,
        Budget::new(5_000),
    )
    .unwrap();
    assert_eq!(a, b);
}

/// The budget charges the solver's propagation, not only its rounds. On six
/// big weights, after the LRAM constraints are added, the first probe's
/// rounds make thousands of bound changes, its last some 200,000: the meters
/// count them, and the probe is charged its whole budget in a fifth as many
/// rounds, stopping at the end of the first round past it. (That round
/// itself is not cut: the solver is asked to stop only between rounds.)
#[test]
fn oracle_steps_count_its_propagation() {
    let s = torq_sched::corpus::shaped_workloads()
        .into_iter()
        .find(|(n, _)| n == "big-weights-6-s1")
        .expect("the big-weights block")
        .1;
    let graph = StreamGraph::build(&s);
    let usable = 523_008;
    let inc = torq_sched::sched::oracle::incumbent(&s, &graph, usable).expect("an incumbent");
    let limits = OracleLimits {
        gap_ppm: 0,
        ..OracleLimits::default()
    };
    let r = solve(
        &s,
        &graph,
        usable,
        (&inc.order, &inc.slice_of),
        limits,
        Budget::new(2_000),
    )
    .unwrap();
    let steps: u64 = r.probes.iter().map(|p| p.steps).sum();
    assert!(steps <= 2_000, "{steps} steps");
    let heavy = r
        .probes
        .iter()
        .find(|p| p.events > 100 * EVENTS_PER_STEP * p.steps.max(1) / 10)
        .unwrap_or_else(|| panic!("no probe with many events per step: {:?}", r.probes));
    assert_eq!(heavy.outcome, "unknown", "{heavy:?}");
    assert!(heavy.rounds * 4 < heavy.steps, "{heavy:?}");
    // Every probe is charged a step per round at least.
    assert!(
        r.probes.iter().all(|p| p.steps >= p.rounds),
        "{:?}",
        r.probes
    );
}

/// The solver bug the oracle works around, reduced to its core: in
/// pumpkin-core 0.5, a call whose termination condition fires at the root
/// (checkpoint 0) leaves the solver in `Timeout` (`restore_state_at_root`
/// resets only from a deeper checkpoint or a solution), and the next call
/// fails the assertion of `declare_solving`. The oracle's bisection meets
/// it when a probe's step budget ends right after a restart; it catches the
/// panic and ends the search with what it has (`Stop::Solver`). When this
/// test fails, a fixed pumpkin is in and the workaround can go.
#[test]
fn pumpkin_asserts_when_a_call_follows_a_timeout_at_the_root() {
    use pumpkin_solver::conflict_resolvers::resolvers::ResolutionResolver;
    use pumpkin_solver::core::predicate;
    use pumpkin_solver::core::results::SatisfactionResultUnderAssumptions;
    use pumpkin_solver::core::termination::TerminationCondition;
    use pumpkin_solver::Solver;
    struct Now;
    impl TerminationCondition for Now {
        fn should_stop(&mut self) -> bool {
            true
        }
    }
    let mut solver = Solver::default();
    let x = solver.new_bounded_integer(0, 10);
    let mut brancher = solver.default_brancher();
    let mut resolver = ResolutionResolver::default();
    let first = solver.satisfy_under_assumptions(
        &mut brancher,
        &mut Now,
        &mut resolver,
        &[predicate![x <= 5]],
    );
    let unknown = matches!(first, SatisfactionResultUnderAssumptions::Unknown(_));
    drop(first);
    assert!(unknown);
    let second = torq_sched::panic::quietly(|| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = solver.satisfy_under_assumptions(
                &mut brancher,
                &mut Now,
                &mut resolver,
                &[predicate![x <= 5]],
            );
        }))
    });
    assert!(second.is_err(), "pumpkin no longer asserts here");
}

/// Under a gap, a probe that runs out of its share (half of what is left)
/// is followed by one asking for any order faster than the best, with the
/// rest of the budget; a second probe that runs out ends the search. Checked
/// probe by probe on random blocks whose LRAM binds, following the best
/// order from the probes' own outcomes.
#[test]
fn a_gap_probe_that_runs_out_is_followed_by_a_looser_one() {
    let mut looser_asked = 0;
    for seed in 0..40u64 {
        let g = GenParams {
            programs: 14 + (seed % 10) as usize,
            slices: 1 + (seed % 2) as u32,
            max_buffer: 96 * 1024,
            max_weights: 3,
            barrier_percent: 0,
            held_percent: 0,
        };
        let s = random_stream(seed, g);
        let graph = StreamGraph::build(&s);
        let usable = 256 * 1024;
        let Some(inc) = torq_sched::sched::oracle::incumbent(&s, &graph, usable) else {
            continue;
        };
        let limits = OracleLimits {
            gap_ppm: 5_000,
            ..OracleLimits::default()
        };
        let Ok(r) = solve(
            &s,
            &graph,
            usable,
            (&inc.order, &inc.slice_of),
            limits,
            Budget::new(2_400),
        ) else {
            continue;
        };
        let mut best = inc.makespan;
        for (i, p) in r.probes.iter().enumerate() {
            let next = r.probes.get(i + 1);
            if p.outcome == "unknown" {
                let follows_looser = i > 0 && r.probes[i - 1].outcome == "unknown";
                match next {
                    Some(n) => {
                        assert!(!follows_looser, "seed {seed}: {:?}", r.probes);
                        assert_eq!(n.target, best - 1, "seed {seed}: {:?}", r.probes);
                        looser_asked += 1;
                    }
                    // The end: the looser probe ran out too, or nothing is
                    // left of the budget.
                    None => assert!(
                        follows_looser || r.probes.iter().map(|p| p.steps).sum::<u64>() >= 2_400,
                        "seed {seed}: {:?}",
                        r.probes
                    ),
                }
            }
            if let Some(m) = p.outcome.strip_prefix("sat ") {
                if let Ok(m) = m.parse::<u64>() {
                    best = best.min(m);
                }
            }
        }
    }
    assert!(looser_asked > 0, "no block ran a gap probe out");
}
