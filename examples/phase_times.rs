//! Where the default decision's time goes on the 100k-op function
//! (`corpus::hundred_k_ops`), or on a family (`corpus::family`) or a block
//! of the size table (`corpus::sized`, the seed unused): graph, each
//! list schedule, each price.
//!
//!     cargo run --release --example phase_times
//!     cargo run --release --example phase_times -- flow-shop 20000 1

use std::time::Instant;
use torq_sched::cost::Hw;
use torq_sched::decide::price::price_after_allocation;
use torq_sched::decide::{decide, BlockInput, DecideOptions, Decider};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let s = match args.as_slice() {
        [] => torq_sched::corpus::hundred_k_ops(),
        [shape, size, seed] => {
            let (Ok(size), Ok(seed)) = (size.parse(), seed.parse()) else {
                eprintln!("usage: phase_times [FAMILY SIZE SEED]");
                std::process::exit(2);
            };
            let s = torq_sched::corpus::family(shape, size, seed)
                .or_else(|| torq_sched::corpus::sized(shape, size));
            let Some(s) = s else {
                eprintln!("unknown family '{shape}'");
                std::process::exit(2);
            };
            s
        }
        _ => {
            eprintln!("usage: phase_times [FAMILY SIZE SEED]");
            std::process::exit(2);
        }
    };
    let t = Instant::now();
    let g = StreamGraph::build(&s);
    println!("graph {:?}", t.elapsed());
    let o = DecideOptions::new(Hw::sl2610());
    let t = Instant::now();
    let p = price_after_allocation(&s, &g, &s.input_order(), &s.input_slices(), &o.hw);
    println!("price input {:?} {p:?}", t.elapsed());
    for policy in Policy::ALL {
        let t = Instant::now();
        let params = ListParams::with(
            o.hw.usable_lram_bytes(),
            o.cap_percent,
            o.prefetch_percent,
            o.urgent_starts,
            o.window,
        );
        let sc = list_schedule_with(&s, &g, params, policy, false).unwrap();
        let tl = t.elapsed();
        let t = Instant::now();
        let p = price_after_allocation(&s, &g, &sc.order, &sc.slice_of, &o.hw);
        println!(
            "{} list {tl:?} price {:?} predicted {} {p:?}",
            policy.name(),
            t.elapsed(),
            sc.makespan
        );
    }
    let t = Instant::now();
    let input = BlockInput::read(&s, &g, 0, Decider::StreamSchedule, &o.hw);
    let d = decide(&s, &g, &o, &input).unwrap();
    println!("decide {:?} runs {}", t.elapsed(), d.report.allocator_runs);
    for c in &d.report.candidates {
        println!("  {:?}", c);
    }
}
