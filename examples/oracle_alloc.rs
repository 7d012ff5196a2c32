//! Why an oracle order does not place: on big-weights the oracle's best
//! order (live bytes always within usable LRAM) and the allocator's answer
//! for it and for FIFO's order (None: the two-ended first fit cannot place
//! it, even with swaps).
//!
//!     cargo run --release --example oracle_alloc
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};
use torq_sched::sched::oracle::{solve, OracleLimits};
fn main() {
    let s = torq_sched::corpus::big_weights(8);
    let g = StreamGraph::build(&s);
    let hw = torq_sched::cost::Hw::parse("SL2610").unwrap();
    let usable = hw.usable_lram_bytes();
    let f = list_schedule_with(&s, &g, ListParams::new(usable), Policy::Fifo, false).unwrap();
    let r = solve(
        &s,
        &g,
        usable,
        (&f.order, &f.slice_of),
        OracleLimits::default(),
        torq_sched::decide::Budgets::default().oracle_steps,
    )
    .unwrap();
    println!("oracle {} fifo {} usable {usable}", r.makespan, f.makespan);
    for (name, order, sl) in [
        ("fifo", &f.order, &f.slice_of),
        ("oracle", &r.order, &r.slice_of),
    ] {
        let p = torq_sched::decide::price::price_after_allocation(&s, &g, order, sl, &hw);
        println!("{name}: {:?}", p);
        let names: Vec<String> = order
            .iter()
            .filter(|&&v| s.nodes[v].kind != torq_sched::sched::stream::Kind::Pure)
            .map(|&v| s.nodes[v].name.clone())
            .collect();
        println!("  {}", names.join(" "));
    }
    for b in &s.buffers {
        if b.lram {
            print!("{}={} ", b.name, b.bytes);
        }
    }
    println!();
}
