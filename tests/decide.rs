//! The decision of a block in plain data (`decide`), without MLIR: on random
//! streams, every policy's decision commits an order that keeps every
//! dependence (the independent checker), is never slower after allocation
//! than the input, reports the numbers of what it commits, is the same on a
//! second run, and FIFO's decision is never faster than the portfolio's or
//! the search's. constant-loads only moves loads of constant data, keeps
//! every dependence and moves nothing when there is nothing to move.

use std::time::Duration;
use torq_sched::budget::Budget;
use torq_sched::cost::Hw;
use torq_sched::decide::constant_loads::hoisted_order;
use torq_sched::decide::pool::Pricer;
use torq_sched::decide::price::price_after_allocation;
use torq_sched::decide::Budgets;
use torq_sched::decide::{decide, BlockInput, DecideOptions, Decision, PolicyChoice};
use torq_sched::sched::check::check_order;
use torq_sched::sched::gen::{random_stream, GenParams};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::Policy;
use torq_sched::sched::oracle::OracleLimits;
use torq_sched::sched::stream::{Kind, Stream};

fn options(hw: &Hw, policy: PolicyChoice) -> DecideOptions {
    DecideOptions {
        policy,
        // Work budgets only (no clock decides): small, for debug builds.
        oracle: OracleLimits {
            time: Some(Duration::from_secs(600)),
            ..OracleLimits::default()
        },
        budget: Budgets {
            oracle_steps: Budget::new(400),
            improve_moves: Budget::new(200),
            ..Budgets::default()
        },
        ..DecideOptions::new(hw.clone())
    }
}

fn run(s: &Stream, o: &DecideOptions) -> Decision {
    let g = StreamGraph::build(s);
    let input = BlockInput::read(s, &g, 0, torq_sched::decide::Decider::StreamSchedule, &o.hw);
    decide(s, &g, o, &input).expect("no internal error")
}

/// After allocation: the committed schedule's, or the input's when kept.
fn after_allocation(s: &Stream, d: &Decision, hw: &Hw) -> Option<u64> {
    let g = StreamGraph::build(s);
    match &d.commit {
        Some(c) => price_after_allocation(s, &g, &c.order, &c.slice_of, hw).map(|p| p.1),
        None => price_after_allocation(s, &g, &s.input_order(), &s.input_slices(), hw).map(|p| p.1),
    }
}

#[test]
fn decisions_keep_dependences_never_lose_and_are_deterministic() {
    let hw = Hw::sl2610();
    let mut committed = 0;
    for seed in 0..24u64 {
        let s = random_stream(
            seed,
            GenParams {
                programs: 3 + (seed % 6) as usize,
                slices: 1 + (seed % 2) as u32,
                max_buffer: if seed % 3 == 0 { 180 * 1024 } else { 48 * 1024 },
                max_weights: 2,
                barrier_percent: 5,
                held_percent: if seed % 5 == 2 { 20 } else { 0 },
            },
        );
        let g = StreamGraph::build(&s);
        let kept =
            price_after_allocation(&s, &g, &s.input_order(), &s.input_slices(), &hw).map(|p| p.1);
        let mut costs = Vec::new();
        for policy in [
            PolicyChoice::One(Policy::Fifo),
            PolicyChoice::Portfolio,
            PolicyChoice::Search,
        ] {
            let o = options(&hw, policy);
            let d = run(&s, &o);
            if let Some(c) = &d.commit {
                committed += 1;
                check_order(&s, &c.order, &c.slice_of)
                    .unwrap_or_else(|e| panic!("seed {seed} {policy:?}: {e:?}"));
                assert_eq!(d.report.predicted, c.makespan, "seed {seed} {policy:?}");
            }
            let cost = after_allocation(&s, &d, &hw);
            assert_eq!(
                cost, d.report.after_allocation,
                "seed {seed} {policy:?}: the report's price"
            );
            if let (Some(c), Some(k)) = (cost, kept) {
                assert!(
                    c <= k,
                    "seed {seed} {policy:?}: {c} slower than the input's {k}"
                );
            }
            assert!(
                d.remarks.is_empty(),
                "seed {seed} {policy:?}: {:?}",
                d.remarks
            );
            // Deterministic: the same decision again.
            let again = run(&s, &o);
            assert_eq!(
                again.commit.as_ref().map(|c| (&c.order, &c.slice_of)),
                d.commit.as_ref().map(|c| (&c.order, &c.slice_of)),
                "seed {seed} {policy:?}"
            );
            assert_eq!(again.report.decision, d.report.decision);
            costs.push(cost.unwrap_or(u64::MAX));
        }
        // fifo >= portfolio >= search after allocation.
        assert!(
            costs[0] >= costs[1] && costs[1] >= costs[2],
            "seed {seed}: {costs:?}"
        );
    }
    // Not vacuous: most decisions commit a new order.
    assert!(committed > 36, "{committed} of 72 decisions committed");
}

#[test]
fn constant_loads_moves_only_constant_loads_and_keeps_dependences() {
    let (mut moved_some, mut checked) = (0, 0);
    for seed in 0..40u64 {
        let s = random_stream(seed, GenParams::small(3 + (seed % 8) as usize));
        let g = StreamGraph::build(&s);
        // Every other load reads constant data.
        let constant: Vec<bool> = (0..s.nodes.len())
            .map(|v| s.nodes[v].kind == Kind::Load && v % 2 == 0)
            .collect();
        let (order, moved) = hoisted_order(&s, &g, &constant);
        assert_eq!(order.len(), s.nodes.len());
        if moved == 0 {
            assert_eq!(order, s.input_order(), "seed {seed}");
            continue;
        }
        moved_some += 1;
        // Only constant loads and pure ops left their relative places: the
        // other nodes keep their input order.
        let others: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&v| !constant[v] && s.nodes[v].kind != Kind::Pure)
            .collect();
        assert!(others.windows(2).all(|w| w[0] < w[1]), "seed {seed}");
        let legal = check_order(&s, &order, &s.input_slices());
        // constant-loads commits only a legal order; what it builds may be
        // illegal only through a pure operand it could not move.
        if legal.is_err() {
            continue;
        }
        checked += 1;
        // A moved load now comes right after a start or another moved load
        // (or a pure operand travelling with it).
        let pos: Vec<usize> = {
            let mut p = vec![0; order.len()];
            for (i, &v) in order.iter().enumerate() {
                p[v] = i;
            }
            p
        };
        for v in (0..s.nodes.len()).filter(|&v| constant[v] && pos[v] < v) {
            let before = order[pos[v] - 1];
            assert!(
                matches!(s.nodes[before].kind, Kind::Start | Kind::Load | Kind::Pure),
                "seed {seed}: node {v} after {before}"
            );
        }
    }
    assert!(
        moved_some >= 10 && checked >= 10,
        "moved {moved_some}, legal {checked} of 40"
    );
    // No constant data: nothing moves, the input order comes back.
    let s = random_stream(3, GenParams::small(6));
    let g = StreamGraph::build(&s);
    let (order, moved) = hoisted_order(&s, &g, &vec![false; s.nodes.len()]);
    assert_eq!((order, moved), (s.input_order(), 0));
}

/// The DMA-order descent: on random streams its order keeps every
/// dependence, prices as it says, is no slower than its best start after
/// allocation, and is the same twice; on a chain of mixed weights the
/// default (with it) beats the list schedules alone by more than 5%.
#[test]
fn the_dma_order_descent_keeps_dependences_and_never_loses() {
    use torq_sched::decide::improve::{polish, PolishBudget, PolishLimits};
    let hw = Hw::sl2610();
    let limits = PolishLimits::default();
    let budget = PolishBudget {
        moves: Budget::new(600),
        priced: Budget::new(24),
        ..Budgets::default().descent
    };
    let mut improved = 0;
    for seed in 0..40u64 {
        let s = random_stream(seed, GenParams::small(6 + (seed as usize % 10)));
        let g = StreamGraph::build(&s);
        let input = s.input_order();
        let Some((_, from)) = price_after_allocation(&s, &g, &input, &s.input_slices(), &hw) else {
            continue;
        };
        let Ok(p) = polish(&mut Pricer::new(&s, &g, &hw), &[&input], 0, limits, budget) else {
            continue;
        };
        check_order(&s, &p.order, &p.slice_of).expect("dependences kept");
        assert_eq!(
            price_after_allocation(&s, &g, &p.order, &p.slice_of, &hw).map(|x| x.1),
            Some(p.makespan),
            "seed {seed}: the price it reports"
        );
        let sim = torq_sched::sched::simulate::simulate_order(&s, &g, &p.order, &p.slice_of);
        assert_eq!(
            (p.predicted, p.peak_live_bytes),
            (sim.makespan, sim.peak_live_bytes),
            "seed {seed}: the prediction it carries"
        );
        assert!(p.makespan <= from, "seed {seed}: {} > {from}", p.makespan);
        assert!(p.effort.priced <= 24 && p.effort.moves <= 600);
        let again = polish(&mut Pricer::new(&s, &g, &hw), &[&input], 0, limits, budget).unwrap();
        assert_eq!((again.order, again.makespan), (p.order, p.makespan));
        improved += usize::from(p.makespan < from);
    }
    assert!(improved > 0, "the descent never improved a random input");
    let s = torq_sched::corpus::mixed_weights(12, 2);
    let off = DecideOptions {
        budget: Budgets {
            descent: PolishBudget {
                moves: Budget::new(0),
                ..Budgets::default().descent
            },
            ..Budgets::default()
        },
        ..DecideOptions::new(hw.clone())
    };
    let with = after_allocation(&s, &run(&s, &DecideOptions::new(hw.clone())), &hw).unwrap();
    let without = after_allocation(&s, &run(&s, &off), &hw).unwrap();
    assert!(
        (with as f64) < 0.95 * without as f64,
        "with the descent {with}, without {without}"
    );
}

/// A block above a stage's size limit (`sched::oracle::MAX_NODES`,
/// `decide::improve::MAX_NODES`; not options) skips the stage, and the
/// report says which limit, with the block's size.
#[test]
fn a_block_above_a_stages_size_limit_skips_it_and_says_so() {
    use torq_sched::decide::improve::ImproveLimits;
    let hw = Hw::sl2610();
    let s = torq_sched::corpus::mixed_weights(12, 2);
    let base = options(&hw, PolicyChoice::Search);
    let o = DecideOptions {
        oracle: OracleLimits {
            max_nodes: 1,
            ..base.oracle
        },
        improve: ImproveLimits {
            max_nodes: 1,
            ..base.improve
        },
        ..base
    };
    let report = serde_json::to_string(&run(&s, &o).report).expect("a report");
    for stage in ["oracle", "improvement search"] {
        assert!(
            report.contains(&format!("scheduled ops, above the {stage}'s limit (1)")),
            "{report}"
        );
    }
    // At the limits the pass uses, the block is searched.
    let searched = serde_json::to_string(&run(&s, &options(&hw, PolicyChoice::Search)).report)
        .expect("a report");
    assert!(!searched.contains("limit ("), "{searched}");
}

/// Offline placement (the default) never commits a slower order than the
/// same decision under `torq-placement=first-fit` (policies `portfolio` and
/// `search`): where the two decisions' paths part, the first-fit track runs
/// and its order is a candidate. Tight blocks, so that the two placers
/// price orders differently: weights of a third of SL2610's LRAM, and
/// 10-16 programs of up to 24 KB on a 64 KiB target (there seed 84 parts
/// the two decisions in the iterated greedy alone, whose decodes fit loads
/// by bytes alone under offline placement).
#[test]
fn offline_placement_never_loses_to_first_fit() {
    use torq_sched::lram::{Placement, Placer};
    let (mut tracked, mut taken, mut faster) = (0, 0, 0);
    let cases = [
        (Hw::sl2610(), 6, 200 * 1024, 0..40u64),
        (
            Hw::parse("0:64:2:coral_v1:nss_v1").unwrap(),
            10,
            24_000,
            80..90u64,
        ),
    ];
    for (offline, programs, max_buffer, seeds) in cases {
        assert_eq!(offline.placer.placement, Placement::Offline);
        let first_fit = offline.clone().with_placer(Placer {
            placement: Placement::FirstFit,
            ..offline.placer
        });
        for seed in seeds {
            let s = random_stream(
                seed,
                GenParams {
                    programs: programs + (seed % 7) as usize,
                    slices: 1 + (seed % 2) as u32,
                    max_buffer,
                    max_weights: 2,
                    barrier_percent: 3,
                    held_percent: 0,
                },
            );
            for policy in [PolicyChoice::Portfolio, PolicyChoice::Search] {
                let d = run(&s, &options(&offline, policy));
                let f = run(&s, &options(&first_fit, policy));
                let (Some(off), Some(ff)) = (d.report.after_allocation, f.report.after_allocation)
                else {
                    continue;
                };
                assert!(
                    off <= ff,
                    "seed {seed} {policy:?}: offline {off} > first fit {ff}: {}",
                    d.report.decision
                );
                assert!(f.report.first_fit_track.is_none(), "only under offline");
                let track = d.report.first_fit_track.as_ref().expect("reported");
                if track.decision.is_some() {
                    tracked += 1;
                    assert!(track.after_allocation <= track.first_fit, "seed {seed}");
                }
                taken += usize::from(d.report.decision.contains("first-fit track"));
                faster += usize::from(off < ff);
            }
        }
    }
    // Not vacuous: the track ran, and some of its orders were taken.
    assert!(
        tracked >= 10 && taken >= 1,
        "{tracked} tracks, {taken} taken"
    );
    eprintln!("{tracked} tracks ran, {taken} taken, offline faster on {faster}");
}

/// The search's decision with effort `level`'s long-block window budget
/// and every other budget at its default.
fn long_window_options(hw: &Hw, level: u64) -> DecideOptions {
    DecideOptions {
        policy: PolicyChoice::Search,
        budget: Budgets {
            long_windows: Budget::new(torq_sched::decide::long_window_expansions(level)),
            ..Budgets::default()
        },
        ..DecideOptions::new(hw.clone())
    }
}

/// A chain of 400 programs (1,500 scheduled ops, above the improvement
/// search's limit): at effort 3's long-block windows the decision commits
/// an order faster after allocation than without them, the windows priced
/// at most twice, and the same on a second run; at effort 2's (none) the
/// improvement search still declines the block.
#[test]
fn long_block_windows_find_a_faster_order_at_the_higher_effort() {
    let hw = Hw::sl2610();
    let s = torq_sched::corpus::sized("chain-4k", 400).expect("a sized family");
    let scheduled = s.nodes.iter().filter(|n| n.kind != Kind::Pure).count();
    assert!(scheduled > torq_sched::decide::improve::MAX_NODES);
    let at = |level: u64| long_window_options(&hw, level);
    let without = run(&s, &at(2));
    let skipped = without
        .report
        .improve
        .as_ref()
        .and_then(|r| r.skipped.clone());
    assert!(
        skipped.as_deref().is_some_and(|w| w.contains("limit")),
        "{skipped:?}"
    );
    let with = run(&s, &at(3));
    let improve = with
        .report
        .improve
        .clone()
        .expect("the improvement stage ran");
    assert!(improve.skipped.is_none(), "{:?}", improve.skipped);
    assert!(improve.priced <= 2, "{} allocator runs", improve.priced);
    let windows = improve.windows.expect("windows ran");
    assert!(windows.taken > 0);
    let (a, b) = (
        after_allocation(&s, &without, &hw).expect("places"),
        after_allocation(&s, &with, &hw).expect("places"),
    );
    assert!(b < a, "{b} >= {a}");
    let c = with.commit.as_ref().expect("committed");
    let order_ok = check_order(&s, &c.order, &c.slice_of);
    assert!(order_ok.is_ok(), "{order_ok:?}");
    assert_eq!(run(&s, &at(3)).commit, with.commit, "deterministic");
}

/// Long generated blocks (above the improvement search's limit) with every
/// shape the generator knows: host barriers, starts without a wait that hold
/// their slice, programs in flight across the next one's loads, two slices.
/// At effort 3's long-block windows the decision commits an order that keeps
/// every dependence, is never slower after allocation than the input or
/// than the same decision without the windows, prices the windows at most
/// twice and is the same on a second run.
#[test]
fn long_blocks_with_held_starts_keep_dependences_and_never_lose() {
    use torq_sched::sched::gen::random_stream_in_flight;
    let hw = Hw::sl2610();
    let at = |level: u64| long_window_options(&hw, level);
    let (mut ran, mut taken) = (0, 0);
    for seed in 0..4u64 {
        let s = random_stream_in_flight(
            seed,
            GenParams {
                programs: 330 + 20 * seed as usize,
                slices: 2,
                max_buffer: if seed % 2 == 0 { 24 * 1024 } else { 96 * 1024 },
                max_weights: 2,
                barrier_percent: 2,
                held_percent: 3,
            },
            20,
        );
        let scheduled = s.nodes.iter().filter(|n| n.kind != Kind::Pure).count();
        assert!(
            scheduled > torq_sched::decide::improve::MAX_NODES,
            "seed {seed}"
        );
        let g = StreamGraph::build(&s);
        let kept =
            price_after_allocation(&s, &g, &s.input_order(), &s.input_slices(), &hw).map(|p| p.1);
        let without = run(&s, &at(2));
        let with = run(&s, &at(3));
        if let Some(c) = &with.commit {
            let order_ok = check_order(&s, &c.order, &c.slice_of);
            assert!(order_ok.is_ok(), "seed {seed}: {order_ok:?}");
        }
        let (a, b) = (
            after_allocation(&s, &without, &hw),
            after_allocation(&s, &with, &hw),
        );
        if let (Some(k), Some(b)) = (kept, b) {
            assert!(b <= k, "seed {seed}: {b} > the input's {k}");
        }
        if let (Some(a), Some(b)) = (a, b) {
            assert!(b <= a, "seed {seed}: {b} > effort 2's {a}");
            taken += usize::from(b < a);
        }
        if let Some(improve) = &with.report.improve {
            assert!(improve.priced <= 2, "seed {seed}: {} runs", improve.priced);
            ran += usize::from(improve.windows.is_some());
        }
        assert_eq!(
            run(&s, &at(3)).commit,
            with.commit,
            "seed {seed}: deterministic"
        );
    }
    // Not vacuous: the windows ran on these blocks.
    assert!(ran >= 2, "the long windows ran on {ran} blocks");
    eprintln!("long windows ran on {ran} blocks, faster on {taken}");
}
