//! The iterated greedy over program priorities (`sched::greedy`).

use torq_sched::budget::Budget;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::greedy::{iterated_greedy, ITERATION_DECODES};
use torq_sched::sched::list::ListParams;
use torq_sched::sched::simulate::simulate_order;
use torq_sched::sched::stream::{ProgramId, Stream};

/// GQA attention with two heads: the stream, its graph, usable LRAM on
/// SL2610, and the programs in input order.
fn gqa() -> (Stream, StreamGraph, u64, Vec<ProgramId>) {
    let s = torq_sched::corpus::family("gqa-attention", 2, 1).expect("a family");
    let g = StreamGraph::build(&s);
    let usable = torq_sched::cost::Hw::sl2610().usable_lram_bytes();
    let fifo: Vec<ProgramId> = (0..s.programs.len()).collect();
    (s, g, usable, fifo)
}

/// The search finds GQA attention's head order (the 10% the list policies
/// miss), what it returns is what its order plays within LRAM, and it is
/// deterministic.
#[test]
fn finds_the_head_order_of_gqa_attention() {
    let (s, g, usable, fifo) = gqa();
    let params = ListParams {
        bytes_only: true,
        ..ListParams::new(usable)
    };
    let start = iterated_greedy(
        &s,
        &g,
        params,
        usable,
        std::slice::from_ref(&fifo),
        Budget::new(1),
        0,
    )
    .expect("fifo decodes within LRAM");
    assert_eq!(start.effort.decodes, 1);
    let r = iterated_greedy(
        &s,
        &g,
        params,
        usable,
        std::slice::from_ref(&fifo),
        Budget::new(600),
        0,
    )
    .expect("a decode");
    assert_eq!(r.effort.decodes, 600);
    assert_eq!(r.from, start.schedule.makespan);
    assert!(
        r.schedule.makespan * 100 <= start.schedule.makespan * 92,
        "{} from {}",
        r.schedule.makespan,
        start.schedule.makespan
    );
    let sim = simulate_order(&s, &g, &r.schedule.order, &r.schedule.slice_of);
    assert_eq!(sim.makespan, r.schedule.makespan);
    assert!(sim.peak_live_bytes <= usable);
    let again =
        iterated_greedy(&s, &g, params, usable, &[fifo], Budget::new(600), 0).expect("a decode");
    assert_eq!(again.schedule.order, r.schedule.order);
    assert_eq!(again.effort, r.effort);
}

/// A target the starts already reach stops the search before any
/// iteration.
#[test]
fn stops_at_the_target() {
    let (s, g, usable, fifo) = gqa();
    let params = ListParams::new(usable);
    let r = iterated_greedy(&s, &g, params, usable, &[fifo], Budget::new(600), u64::MAX)
        .expect("a decode");
    assert_eq!((r.effort.decodes, r.effort.iterations), (1, 0));
}

/// A budget that cannot finish one iteration after the starts decodes the
/// starts alone; one that can runs iterations.
#[test]
fn a_share_short_of_an_iteration_decodes_the_starts() {
    let (s, g, usable, fifo) = gqa();
    let params = ListParams::new(usable);
    let run = |units: u64| {
        iterated_greedy(
            &s,
            &g,
            params,
            usable,
            std::slice::from_ref(&fifo),
            Budget::new(units),
            0,
        )
        .expect("a decode")
    };
    let short = run(ITERATION_DECODES);
    assert_eq!((short.effort.decodes, short.effort.iterations), (1, 0));
    let enough = run(ITERATION_DECODES + 1);
    assert!(enough.effort.iterations >= 1);
    assert_eq!(enough.effort.decodes, ITERATION_DECODES + 1);
}

/// On random functions over small and large LRAM: every order the search
/// returns keeps every dependence (the independent checker), plays on the
/// time model as it says, stays within LRAM, is no slower than its best
/// start, and spends at most its budget; the same input gives the same
/// order.
#[test]
fn greedy_orders_are_valid_within_lram_and_deterministic() {
    use torq_sched::sched::check::check_order;
    use torq_sched::sched::gen::mixed_lram_streams;
    let mut searched = 0;
    for (case, (lram_kb, s)) in mixed_lram_streams(26, 60).into_iter().enumerate() {
        let g = StreamGraph::build(&s);
        let usable = lram_kb * 1024 - 1024;
        let params = ListParams {
            bytes_only: case % 2 == 0,
            ..ListParams::new(usable)
        };
        let starts: Vec<Vec<ProgramId>> = vec![
            (0..s.programs.len()).collect(),
            (0..s.programs.len()).rev().collect(),
        ];
        let Some(r) = iterated_greedy(&s, &g, params, usable, &starts, Budget::new(120), 0) else {
            continue;
        };
        searched += 1;
        assert!(r.effort.decodes <= 120, "case {case}: {:?}", r.effort);
        assert!(r.schedule.makespan <= r.from, "case {case}");
        if let Err(e) = check_order(&s, &r.schedule.order, &r.schedule.slice_of) {
            panic!("case {case}: {e:?}");
        }
        let sim = simulate_order(&s, &g, &r.schedule.order, &r.schedule.slice_of);
        assert_eq!(sim.makespan, r.schedule.makespan, "case {case}");
        assert!(sim.peak_live_bytes <= usable, "case {case}");
        let again = iterated_greedy(&s, &g, params, usable, &starts, Budget::new(120), 0)
            .expect("as before");
        assert_eq!(again.schedule.order, r.schedule.order, "case {case}");
    }
    assert!(
        searched >= 30,
        "only {searched} cases had a start within LRAM"
    );
}
