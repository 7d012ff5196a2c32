//! Properties of PrefetchInputs (stream-schedule) over random functions:
//! every committed schedule keeps all dependences (the pass re-checks each
//! candidate with the independent order checker and would fail with an
//! internal error), the allocated result passes the independent LRAM
//! checker, and after allocation the block is never slower than the input
//! order after allocation.

use melior::ir::{Module, RegionLike};
use torq_sched::cost::Hw;
use torq_sched::ir::OpExt;
mod common;
use common::{capture, func};
use torq_sched::ir::context::context;
use torq_sched::sched::gen::mixed_lram_streams;

/// Allocates `m` (add-deallocation + assign with swaps) and prices it.
fn allocate_and_price(m: &Module, hw: &str) -> Option<u64> {
    let f = func(m);
    assert!(torq_sched::passes::run(f, "torq-add-deallocation"));
    if !torq_sched::passes::run(
        f,
        &format!("torq-assign-lram-addresses{{torq-hw={hw} torq-allow-swaps=true}}"),
    ) {
        return None;
    }
    assert!(
        torq_sched::passes::run(f, &format!("torq-verify-lram{{torq-hw={hw}}}")),
        "checker rejects\n{}",
        m.as_operation()
    );
    let block = f.region_at(0).unwrap().first_block().unwrap();
    Some(
        torq_sched::ir::stream::simulate_block(block, &Hw::parse(hw).unwrap())
            .unwrap()
            .makespan,
    )
}

/// The plain-data price (what the pass uses) of `m`'s block in its order.
fn plain_price(m: &Module, hw: &Hw) -> Option<u64> {
    let block = func(m).region_at(0).unwrap().first_block().unwrap();
    let bs = torq_sched::ir::stream::block_to_stream(block, hw)
        .map_err(|e| e.message)
        .unwrap();
    let g = torq_sched::sched::graph::StreamGraph::build(&bs.stream);
    let s = &bs.stream;
    torq_sched::decide::price::price_after_allocation(
        s,
        &g,
        &s.input_order(),
        &s.input_slices(),
        hw,
    )
    .map(|p| p.1)
}

/// The lower bound of `m`'s block within the target's usable LRAM, which
/// every order after allocation (swaps or not) must respect, and whether
/// the swaps LRAM forces raised it.
fn bound_of(m: &Module, hw: &Hw) -> (u64, bool) {
    let block = func(m).region_at(0).unwrap().first_block().unwrap();
    let bs = torq_sched::ir::stream::block_to_stream(block, hw)
        .map_err(|e| e.message)
        .unwrap();
    let g = torq_sched::sched::graph::StreamGraph::build(&bs.stream);
    let usable = hw.usable_lram_bytes();
    let plain = torq_sched::sched::bounds::lower_bounds_within(&bs.stream, &g, Some(usable));
    let b = plain.with_reloads(&bs.stream, &g, usable, &|b| hw.swap_cycles(b));
    (b.best, b.best > plain.best)
}

/// The 120 cases (the same ones whichever half runs them): hardware and
/// generated function text.
fn cases() -> Vec<(String, String)> {
    mixed_lram_streams(99, 120)
        .into_iter()
        .map(|(lram_kb, s)| {
            (
                format!("0:{lram_kb}:2:coral_v1:nss_v1"),
                torq_sched::corpus::stream_to_mlir(&s, "f"),
            )
        })
        .collect()
}

// Two halves of the cases, so the test harness runs them on two cores.
#[test]
fn prefetch_is_never_slower_and_always_checked_even_cases() {
    prefetch_is_never_slower_and_always_checked(0);
}

#[test]
fn prefetch_is_never_slower_and_always_checked_odd_cases() {
    prefetch_is_never_slower_and_always_checked(1);
}

fn prefetch_is_never_slower_and_always_checked(half: usize) {
    let ctx = context();
    let diags = capture(&ctx);
    let (mut faster, mut same, mut portfolio_faster, mut search_faster) = (0, 0, 0, 0);
    let mut at_bound = 0;
    // Cases whose bound the forced swaps raised.
    let mut raised = 0;
    for (case, (hw, text)) in cases().into_iter().enumerate() {
        if case % 2 != half {
            continue;
        }
        let annotate = format!(
            "torq-annotate-dma-and-slice-cycles{{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw={hw}}}"
        );
        let input = Module::parse(&ctx, &text).unwrap();
        assert!(torq_sched::passes::run(func(&input), &annotate));
        // The plain-data price (used by the pass) equals the IR path.
        let hwd = Hw::parse(&hw).unwrap();
        let plain = plain_price(&input, &hwd);
        let (bound, reloaded) = bound_of(&input, &hwd);
        raised += usize::from(reloaded);
        let input_cost = allocate_and_price(&input, &hw);
        assert_eq!(
            plain, input_cost,
            "case {case}: plain price differs from the IR path"
        );

        let m = Module::parse(&ctx, &text).unwrap();
        assert!(torq_sched::passes::run(func(&m), &annotate));
        diags.lock().unwrap().clear();
        let prefetch = format!(
            "torq-prefetch-inputs{{torq-prefetch-algorithm=stream-schedule torq-list-cap-percent=100 \
             torq-list-prefetch-percent=40 torq-list-urgent-starts=4 torq-list-window=32 torq-hw={hw} \
             torq-prefetch-report=\"\" torq-prefetch-explain=false torq-prefetch-trace=\"\" torq-list-policy=fifo \
             torq-oracle-steps=2000 torq-oracle-time-limit-ms=600000 \
             torq-improve-moves=2000}}"
        );
        assert!(
            torq_sched::passes::run(func(&m), &prefetch),
            "case {case}: {:?}",
            diags.lock().unwrap()
        );
        let plain_after = plain_price(&m, &hwd);
        let cost = allocate_and_price(&m, &hw);
        assert_eq!(
            plain_after, cost,
            "case {case}: plain price of the committed order differs"
        );
        // The portfolio (every priority policy) is never slower than FIFO
        // after allocation, and the default, search (portfolio + oracle),
        // never slower than the portfolio.
        let with_policy = |policy: &str| {
            let m = Module::parse(&ctx, &text).unwrap();
            assert!(torq_sched::passes::run(func(&m), &annotate));
            assert!(torq_sched::passes::run(
                func(&m),
                &prefetch.replace(
                    "torq-list-policy=fifo",
                    &format!("torq-list-policy={policy}")
                )
            ));
            allocate_and_price(&m, &hw)
        };
        let portfolio_cost = with_policy("portfolio");
        if let (Some(c), Some(pc)) = (cost, portfolio_cost) {
            assert!(pc <= c, "case {case}: portfolio {pc} > fifo {c}");
            if pc < c {
                portfolio_faster += 1;
            }
        }
        let search_cost = with_policy("search");
        for (what, c) in [
            ("input", input_cost),
            ("fifo", cost),
            ("portfolio", portfolio_cost),
            ("search", search_cost),
        ] {
            if let Some(c) = c {
                assert!(
                    c >= bound,
                    "case {case}: {what} {c} after allocation < bound {bound}"
                );
                at_bound += usize::from(c == bound);
            }
        }
        if let (Some(pc), Some(sc)) = (portfolio_cost, search_cost) {
            assert!(sc <= pc, "case {case}: search {sc} > portfolio {pc}");
            if sc < pc {
                search_faster += 1;
            }
        }
        match (input_cost, cost) {
            (Some(i), Some(c)) => {
                assert!(
                    c <= i,
                    "case {case}: {c} after prefetch > {i} for the input order"
                );
                if c < i {
                    faster += 1
                } else {
                    same += 1
                }
            }
            (None, _) => {}
            (Some(i), None) => {
                panic!("case {case}: the input allocates ({i}) but the committed order does not")
            }
        }
    }
    println!("half {half}: {faster} faster, {same} unchanged, portfolio beat fifo {portfolio_faster}, search beat the portfolio {search_faster}, {at_bound} orders at the bound, {raised} bounds raised by forced swaps");
    assert!(
        faster > 15,
        "only {faster} of the cases got faster ({same} unchanged)"
    );
    assert!(
        portfolio_faster > 0,
        "the portfolio never beat FIFO after allocation"
    );
    assert!(
        search_faster > 0,
        "search never beat the portfolio after allocation"
    );
}
