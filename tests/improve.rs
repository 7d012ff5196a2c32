//! The improvement search on random streams: every order it returns passes
//! the independent checker, its price is what `price_after_allocation` says
//! of that order, it is never slower than a start that places, never below
//! the oracle's proven bound when it needs no swap, and the same inputs give
//! the same answer.

use torq_sched::budget::Budget;
use torq_sched::cost::Hw;
use torq_sched::decide::improve::{first_free_slices, improve, ImproveLimits};
use torq_sched::decide::pool::Pricer;
use torq_sched::decide::price::price_after_allocation;
use torq_sched::sched::check::{check_against_graph, check_order};
use torq_sched::sched::gen::{random_stream, GenParams};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};
use torq_sched::sched::stream::Kind;

const MOVES: Budget = Budget::new(600);
const LIMITS: ImproveLimits = ImproveLimits {
    patience: 150,
    max_nodes: 1000,
};

// Two halves of the seeds, so the test harness runs them on two cores.
#[test]
fn improvement_search_is_checked_priced_and_never_worse_than_its_starts_even_seeds() {
    improvement_search_is_checked_priced_and_never_worse_than_its_starts(0);
}

#[test]
fn improvement_search_is_checked_priced_and_never_worse_than_its_starts_odd_seeds() {
    improvement_search_is_checked_priced_and_never_worse_than_its_starts(1);
}

fn improvement_search_is_checked_priced_and_never_worse_than_its_starts(half: u64) {
    let hw = Hw::parse("SL2610").unwrap();
    let usable = hw.usable_lram_bytes();
    let (mut improved, mut runs) = (0, 0);
    for seed in (half..60u64).step_by(2) {
        let params = GenParams {
            programs: 4 + (seed % 7) as usize,
            slices: 1 + (seed % 3) as u32,
            // Every third stream has weights of up to 40% of LRAM.
            max_buffer: if seed % 3 == 0 { 200 * 1024 } else { 64 * 1024 },
            max_weights: 2,
            barrier_percent: 5,
            held_percent: if seed % 4 == 1 { 20 } else { 0 },
        };
        let s = random_stream(seed, params);
        let g = StreamGraph::build(&s);
        let input = s.input_order();
        let fifo = list_schedule_with(&s, &g, ListParams::new(usable), Policy::Fifo, false)
            .expect("schedules");
        // The oracle's proven bound (every order within usable LRAM), which
        // also stops the search early when it is reached.
        let bound = incumbent(&s, &g, usable).and_then(|from| {
            let limits = OracleLimits {
                time: Some(std::time::Duration::from_secs(600)),
                ..Default::default()
            };
            solve(
                &s,
                &g,
                usable,
                (&from.order, &from.slice_of),
                limits,
                Budget::new(3_000),
            )
            .ok()
        });
        let bound = bound.map_or(0, |b| b.bound);
        let starts: Vec<&[usize]> = vec![&input, &fifo.order];
        let Ok(r) = improve(&mut Pricer::new(&s, &g, &hw), &starts, bound, LIMITS, MOVES) else {
            continue;
        };
        if r.swaps == 0 {
            assert!(
                r.makespan >= bound,
                "seed {seed}: {} below the bound {bound}",
                r.makespan
            );
        }
        runs += 1;
        check_against_graph(&s, &g, &r.order, &r.slice_of).expect("keeps every dependence");
        check_order(&s, &r.order, &r.slice_of).expect("passes the independent checker");
        let priced = price_after_allocation(&s, &g, &r.order, &r.slice_of, &hw);
        assert_eq!(priced, Some((r.swaps, r.makespan)), "seed {seed}");
        // The prediction it carries is the time model's, as simulate_order
        // plays its order (the decision does not play it again).
        let sim = torq_sched::sched::simulate::simulate_order(&s, &g, &r.order, &r.slice_of);
        assert_eq!(
            (r.predicted, r.peak_live_bytes),
            (sim.makespan, sim.peak_live_bytes),
            "seed {seed}"
        );
        for start in &starts {
            let seq: Vec<usize> = start
                .iter()
                .copied()
                .filter(|&v| s.nodes[v].kind != Kind::Pure)
                .collect();
            let slices = first_free_slices(&s, &seq, &s.input_slices()).expect("a slice");
            if let Some((_, m)) = price_after_allocation(&s, &g, start, &slices, &hw) {
                assert!(r.makespan <= m, "seed {seed}: {} > start {m}", r.makespan);
                if r.makespan < m {
                    improved += 1;
                }
            }
        }
        assert_eq!(
            improve(&mut Pricer::new(&s, &g, &hw), &starts, bound, LIMITS, MOVES),
            Ok(r),
            "seed {seed}: deterministic"
        );
    }
    println!("half {half}: {runs} runs, {improved} starts improved");
    assert!(runs >= 25, "only {runs} runs");
    assert!(improved > 0, "never improved a start");
}

#[test]
fn a_start_takes_the_first_free_slice_that_is_not_held() {
    let mut b = torq_sched::sched::build::StreamBuilder::new(3);
    b.held_start("held", 0);
    let x = b.lram("x", 8);
    let p = b.start("p", 10, &[], &[x], 0);
    let y = b.lram("y", 8);
    let q = b.start("q", 10, &[], &[y], 0);
    b.wait(p);
    b.wait(q);
    let s = b.build();
    let seq: Vec<usize> = s.input_order();
    let slices = first_free_slices(&s, &seq, &s.input_slices()).expect("two free slices");
    // The held slice (0) is skipped.
    assert_eq!(slices, vec![1, 2]);
    // A third start while both free slices run has none.
    let mut b = torq_sched::sched::build::StreamBuilder::new(1);
    let p = b.start("p", 10, &[], &[], 0);
    let q = b.start("q", 10, &[], &[], 0);
    b.wait(p);
    b.wait(q);
    let s = b.build();
    assert_eq!(
        first_free_slices(&s, &s.input_order(), &s.input_slices()),
        None
    );
}

/// The swap-free price the searches ask from a swap-free point is the full
/// price exactly when that places without a swap, and says no otherwise,
/// under both placers, on orders that place, swap and fail.
#[test]
fn the_swap_free_price_is_the_price_of_every_order_placed_without_a_swap() {
    use torq_sched::decide::price::{price_or_failure, price_swap_free};
    use torq_sched::lram::{Placement, Placer};
    let base = Hw::parse("SL2610").unwrap();
    let usable = base.usable_lram_bytes();
    let (mut same, mut refused) = (0, 0);
    for seed in 0..60u64 {
        let params = GenParams {
            programs: 4 + (seed % 7) as usize,
            slices: 1 + (seed % 3) as u32,
            max_buffer: if seed % 2 == 0 { 240 * 1024 } else { 96 * 1024 },
            max_weights: 3,
            barrier_percent: 5,
            held_percent: if seed % 4 == 1 { 20 } else { 0 },
        };
        let s = random_stream(seed, params);
        let g = StreamGraph::build(&s);
        let mut orders = vec![(s.input_order(), s.input_slices())];
        for policy in [Policy::Fifo, Policy::CriticalPath] {
            for bytes_only in [false, true] {
                if let Ok(l) =
                    list_schedule_with(&s, &g, ListParams::new(usable), policy, bytes_only)
                {
                    orders.push((l.order, l.slice_of));
                }
            }
        }
        for placement in [Placement::Offline, Placement::FirstFit] {
            let hw = base.clone().with_placer(Placer {
                placement,
                ..base.placer
            });
            for (order, slices) in &orders {
                let full = price_or_failure(&s, &g, order, slices, &hw);
                let swap_free = price_swap_free(&s, &g, order, slices, &hw).ok();
                match full {
                    Ok((0, m)) => {
                        assert_eq!(swap_free, Some(m), "seed {seed} {placement:?}");
                        same += 1;
                    }
                    _ => {
                        assert_eq!(swap_free, None, "seed {seed} {placement:?}: {full:?}");
                        refused += 1;
                    }
                }
            }
        }
    }
    println!("{same} placed without a swap, {refused} not");
    assert!(same >= 100 && refused >= 20, "{same} / {refused}");
}
