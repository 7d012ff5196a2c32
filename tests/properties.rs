//! Properties of the scheduler over random valid streams: the output keeps
//! every dependence (checked by the independent checker), runs at most one
//! program per slice, stays under cap in the model when nothing was forced,
//! is never faster than the lower bound, is priced the same by simulateOrder
//! as predicted, and is deterministic; and the bound's forced swaps never
//! pass an allocated order's price.

use proptest::prelude::*;
use torq_sched::sched::bounds::{lower_bounds, lower_bounds_within};
use torq_sched::sched::check::check_order;
use torq_sched::sched::gen::{random_stream, GenParams};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule, list_schedule_with, ListParams, Policy};
use torq_sched::sched::simulate::simulate_order;
use torq_sched::{cost::Hw, decide::price::price_after_allocation};

fn params() -> impl Strategy<Value = (u64, GenParams, u64, u64, usize, usize)> {
    (
        any::<u64>(),
        1usize..40,
        1u32..=3,
        prop_oneof![Just(4096u64), Just(64 * 1024), Just(200 * 1024)],
        0u64..=4,
        prop_oneof![Just(16 * 1024u64), Just(128 * 1024), Just(523_008)],
        50u64..=100,
        1usize..=6,
        prop_oneof![Just(1usize), Just(4), Just(32)],
        prop_oneof![Just(0u64), Just(15)],
    )
        .prop_map(
            |(seed, programs, slices, max_buffer, max_weights, cap, pf, urgent, window, held)| {
                let g = GenParams {
                    programs,
                    slices,
                    max_buffer,
                    max_weights,
                    barrier_percent: 10,
                    held_percent: held,
                };
                (seed, g, cap, pf, urgent, window)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn schedules_are_valid((seed, g, cap, pf, urgent, window) in params()) {
        let stream = random_stream(seed, g);
        prop_assert!(stream.validate().is_ok());
        prop_assert!(check_order(&stream, &stream.input_order(), &stream.input_slices()).is_ok());
        let graph = StreamGraph::build(&stream);
        prop_assert!(!graph.has_cycle());
        let lp = ListParams::with(cap, 100, pf, urgent, window);
        let sched = list_schedule(&stream, &graph, lp, false).unwrap();

        // Dependences kept, one program per slice: the independent checker.
        if let Err(e) = check_order(&stream, &sched.order, &sched.slice_of) {
            prop_assert!(false, "checker: {:?}", &e[..e.len().min(5)]);
        }
        // The prediction is what simulateOrder says of the output.
        let sim = simulate_order(&stream, &graph, &sched.order, &sched.slice_of);
        prop_assert_eq!(sim.makespan, sched.makespan);
        prop_assert_eq!(sim.peak_live_bytes, sched.peak_live_bytes);
        // Never below the physical limit, and the input order neither.
        let bound = lower_bounds(&stream, &graph);
        prop_assert!(sched.makespan >= bound.best, "{} < {:?}", sched.makespan, bound);
        let input = simulate_order(&stream, &graph, &stream.input_order(), &stream.input_slices());
        prop_assert!(input.makespan >= bound.best);
        // Under cap in the model unless something had to be forced; then
        // never below the bound of the orders within that many bytes.
        if sched.unplaced_buffers == 0 {
            prop_assert!(sched.peak_live_bytes <= lp.cap);
            let within = lower_bounds_within(&stream, &graph, Some(lp.cap));
            prop_assert!(sched.makespan >= within.best, "{} < {:?}", sched.makespan, within);
        }
        // Deterministic.
        let again = list_schedule(&stream, &graph, lp, false).unwrap();
        prop_assert_eq!(again, sched);
        // Every priority policy keeps every dependence, holds the one
        // program per slice rule, and is priced as simulateOrder says.
        for policy in Policy::ALL {
            let other = list_schedule_with(&stream, &graph, lp, policy, false).unwrap();
            if let Err(e) = check_order(&stream, &other.order, &other.slice_of) {
                prop_assert!(false, "{}: checker: {:?}", policy.name(), &e[..e.len().min(5)]);
            }
            let sim = simulate_order(&stream, &graph, &other.order, &other.slice_of);
            prop_assert_eq!(sim.makespan, other.makespan);
            prop_assert!(other.makespan >= bound.best);
        }
    }
}

#[test]
fn the_checker_catches_broken_orders() {
    use torq_sched::sched::build::worked_example_1;
    use torq_sched::sched::check::OrderError;
    let s = worked_example_1();
    let id = |name: &str| s.nodes.iter().position(|n| n.name == name).unwrap();
    let mut order = s.input_order();
    // Start P3 before wait P1: P3 would read P1's output too early.
    let (sp3, wp1) = (
        order.iter().position(|&v| v == id("start P3")).unwrap(),
        id("wait P1"),
    );
    let moved = order.remove(sp3);
    let at = order.iter().position(|&v| v == wp1).unwrap();
    order.insert(at, moved);
    let errs = check_order(&s, &order, &s.input_slices()).unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(e, OrderError::Hazard { .. })),
        "{errs:?}"
    );
    // P1 and P2 both on slice 0 while overlapping.
    let g = StreamGraph::build(&s);
    let sched = list_schedule(&s, &g, ListParams::new(523_008), false).unwrap();
    let errs = check_order(&s, &sched.order, &[0, 0, 0]).unwrap_err();
    assert!(
        errs.iter()
            .any(|e| matches!(e, OrderError::SliceBusy { slice: 0, .. })),
        "{errs:?}"
    );
    // Not a permutation.
    assert!(check_order(&s, &order[1..], &[0, 0, 0]).is_err());
}

#[test]
fn held_slices_stay_held() {
    use torq_sched::sched::build::StreamBuilder;
    use torq_sched::sched::check::OrderError;
    // A start without a wait holds slice 0; two programs follow on slice 1.
    let mut b = StreamBuilder::new(2);
    b.held_start("held", 0);
    for i in 0..2 {
        let x = b.xram(&format!("x{i}"), 4096);
        let l = b.lram(&format!("l{i}"), 4096);
        b.load(&format!("L{i}"), 100, x, l);
        let p = b.start(&format!("P{i}"), 1000, &[l], &[], 1);
        b.wait(p);
    }
    b.barrier("return", 0);
    let s = b.build();
    let g = StreamGraph::build(&s);
    let sched = list_schedule(&s, &g, ListParams::new(523_008), false).unwrap();
    assert_eq!(sched.slice_of, vec![1, 1]);
    assert!(check_order(&s, &sched.order, &sched.slice_of).is_ok());
    // The checker refuses a program on the held slice.
    let errs = check_order(&s, &sched.order, &[1, 0]).unwrap_err();
    assert!(
        errs.iter().any(|e| matches!(
            e,
            OrderError::SliceHeld {
                slice: 0,
                program: 1
            }
        )),
        "{errs:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Programs in flight across the next program's transfers, and starts
    /// without a wait among them: every policy's schedule passes the
    /// checker, which rejects a start without a wait taking the slice of a
    /// program in flight (a program may not be moved onto a slice that such
    /// a start takes during its run).
    #[test]
    fn in_flight_schedules_are_valid(seed in any::<u64>(), programs in 2usize..30, slices in 2u32..=3) {
        let g = GenParams {
            programs,
            slices,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 5,
            held_percent: 30,
        };
        let stream = torq_sched::sched::gen::random_stream_in_flight(seed, g, 50);
        prop_assert!(check_order(&stream, &stream.input_order(), &stream.input_slices()).is_ok());
        let graph = StreamGraph::build(&stream);
        for policy in Policy::ALL {
            let lp = ListParams::with(523_008, 100, 40, 4, 32);
            let sched = list_schedule_with(&stream, &graph, lp, policy, false).unwrap();
            if let Err(e) = check_order(&stream, &sched.order, &sched.slice_of) {
                prop_assert!(false, "{}: {:?}", policy.name(), &e[..e.len().min(3)]);
            }
        }
    }
}

/// Two tables read at both ends of a chain of 40% tiles cannot both
/// stay beside a tile: the bound counts the cheaper table's swap, and
/// no order after allocation (the input's, the list schedules') is
/// below it, over tables of many sizes, some of which fit.
#[test]
fn tables_across_tiles_force_a_swap() {
    let hw = Hw::sl2610();
    let usable = hw.usable_lram_bytes();
    let mut raised = 0;
    for seed in 1..=12 {
        for tiles in 2..=5 {
            let s = torq_sched::corpus::tables_across_tiles(tiles, seed);
            let g = StreamGraph::build(&s);
            let plain = lower_bounds_within(&s, &g, Some(usable));
            let b = plain.with_reloads(&s, &g, usable, &|x| hw.swap_cycles(x));
            if seed == 1 {
                // The cheaper table (150 KiB) goes out and back in.
                assert_eq!(b.reloads, b.stream + hw.swap_cycles(150 * 1024));
            }
            raised += usize::from(b.best > plain.best);
            let mut orders = vec![(s.input_order(), s.input_slices())];
            for policy in torq_sched::sched::list::Policy::ALL {
                let params = torq_sched::sched::list::ListParams::new(usable);
                if let Ok(x) =
                    torq_sched::sched::list::list_schedule_with(&s, &g, params, policy, false)
                {
                    orders.push((x.order, x.slice_of));
                }
            }
            for (order, slices) in orders {
                if let Some((_, cost)) = price_after_allocation(&s, &g, &order, &slices, &hw) {
                    assert!(
                        cost >= b.best,
                        "seed {seed}, {tiles} tiles: {cost} < bound {}",
                        b.best
                    );
                }
            }
        }
    }
    // The term counts on most of them (not on tables that fit).
    assert!(raised >= 24, "the swaps raised {raised} of 48 bounds");
}
