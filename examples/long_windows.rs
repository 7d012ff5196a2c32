//! What the transfer windows (`decide::window`) find on the size table's
//! long blocks (above `improve::MAX_NODES` scheduled nodes, where the
//! descent declines them and effort 3 runs `improve::long_windows`): the
//! default decision's order, its price after allocation and the block's
//! lower bound, then the windows from that order on the time model (live
//! bytes within usable LRAM, or `PERCENT` of it) and their order's price
//! after allocation.
//!
//!     cargo run --release --features testkit --example long_windows -- [PROGRAMS [TRANSFERS [EXPANSIONS [play|trail]]]]
//!
//! Defaults: 1,000 programs, 6 transfers a window, no expansion limit,
//! `play` (`window::windows`: a window is judged by the whole order's
//! makespan, the rest of the order played for every state, so a pass costs
//! O(windows x block)); `trail` is `window::windows_long` (judged at the
//! stretch's end: a window costs its stretch and its DP).

use std::time::Instant;
use torq_sched::budget::Budget;
use torq_sched::cost::Hw;
use torq_sched::decide::improve::first_free_slices;
use torq_sched::decide::price::price_after_allocation;
use torq_sched::decide::window::{windows, windows_long};
use torq_sched::decide::{decide, BlockInput, DecideOptions, Decider};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::stream::Kind;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let trail = match args.get(3).map(String::as_str) {
        Some("trail") => true,
        None | Some("play") => false,
        Some(_) => {
            eprintln!("usage: long_windows [PROGRAMS [TRANSFERS [EXPANSIONS [play|trail]]]]");
            std::process::exit(2)
        }
    };
    let percent: u64 = std::env::var("PERCENT")
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(100);
    args.truncate(3);
    let args: Vec<u64> = args
        .iter()
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: long_windows [PROGRAMS [TRANSFERS [EXPANSIONS]]]");
                std::process::exit(2)
            })
        })
        .collect();
    let programs = args.first().copied().unwrap_or(1000) as usize;
    let transfers = args.get(1).copied().unwrap_or(6) as usize;
    let expansions = args.get(2).copied().unwrap_or(u64::MAX / 4);
    let o = DecideOptions::new(Hw::sl2610());
    println!("| block | lower bound | default: predicted | after allocation (swaps) | windows: predicted | after allocation (swaps) | windows | taken | expansions | time |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for shape in torq_sched::corpus::SIZED {
        let Some(s) = torq_sched::corpus::sized(shape, programs) else {
            continue;
        };
        let g = StreamGraph::build(&s);
        let input = BlockInput::read(&s, &g, 0, Decider::StreamSchedule, &o.hw);
        let d = match decide(&s, &g, &o, &input) {
            Ok(d) => d,
            Err(e) => {
                println!("| {shape}-{programs} | {e} |");
                continue;
            }
        };
        let (order, slice_of) = match &d.commit {
            Some(c) => (c.order.clone(), c.slice_of.clone()),
            None => (s.input_order(), s.input_slices()),
        };
        let before = price_after_allocation(&s, &g, &order, &slice_of, &o.hw);
        let predicted =
            torq_sched::sched::simulate::simulate_order(&s, &g, &order, &slice_of).makespan;
        let seq: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&v| s.nodes[v].kind != Kind::Pure)
            .collect();
        let t = Instant::now();
        let run = if trail { windows_long } else { windows };
        let w = run(
            &s,
            &g,
            o.hw.usable_lram_bytes() * percent / 100,
            &seq,
            transfers,
            Budget::new(expansions),
        );
        let time = t.elapsed();
        let windowed = g.complete_order(&w.seq);
        let after = first_free_slices(&s, &windowed, &slice_of)
            .and_then(|sl| price_after_allocation(&s, &g, &windowed, &sl, &o.hw));
        let show = |p: Option<(usize, u64)>| {
            p.map_or("does not place".to_string(), |(sw, m)| {
                format!("{m} ({sw})")
            })
        };
        println!(
            "| {shape}-{programs} | {} | {predicted} | {} | {} | {} | {} | {} | {} | {:.2} s |",
            d.report.lower_bound,
            show(before),
            w.makespan,
            show(after),
            w.effort.windows,
            w.effort.taken,
            w.effort.expansions,
            time.as_secs_f64()
        );
    }
}
