//! The improvement search on a shaped workload: the fastest list schedule
//! within LRAM, the oracle's best order (5000 steps; it may not place), and
//! what the local search priced by the allocator makes of both.
//!
//!     cargo run --release --example improve -- big-weights 12 1
//!     (shapes: chain-after-independent, opposite-ratios, short-then-long,
//!     big-weights; then a size and a seed)
use torq_sched::budget::Budget;
use torq_sched::decide::improve::{improve, ImproveLimits};
use torq_sched::decide::pool::Pricer;
use torq_sched::decide::price::price_after_allocation;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let Some(s) = torq_sched::corpus::shaped(
        &arg(1, "big-weights"),
        arg(2, "12").parse().expect("a size"),
        arg(3, "1").parse().expect("a seed"),
    ) else {
        eprintln!("unknown shape");
        std::process::exit(2);
    };
    let g = StreamGraph::build(&s);
    let hw = torq_sched::cost::Hw::parse("SL2610").expect("known hardware");
    let usable = hw.usable_lram_bytes();
    let inc = incumbent(&s, &g, usable).expect("a list schedule within LRAM");
    let limits = OracleLimits::default();
    let r = solve(
        &s,
        &g,
        usable,
        (&inc.order, &inc.slice_of),
        limits,
        Budget::new(5000),
    )
    .expect("the oracle runs");
    let show = |x: Option<(usize, u64)>| x.map_or("does not place".into(), |p| p.1.to_string());
    println!(
        "list schedule: {} after allocation",
        show(price_after_allocation(
            &s,
            &g,
            &inc.order,
            &inc.slice_of,
            &hw
        ))
    );
    println!(
        "oracle: model {} (bound {}), {} after allocation",
        r.makespan,
        r.bound,
        show(price_after_allocation(&s, &g, &r.order, &r.slice_of, &hw))
    );
    let t = std::time::Instant::now();
    match improve(&mut Pricer::new(&s, &g, &hw), &[&r.order, &inc.order], r.bound, ImproveLimits::default(), torq_sched::decide::Budgets::default().for_block(&s).improve_moves) {
        Ok(im) => println!(
            "improvement search: {} after allocation ({} swaps), from the {} start; {} moves, {} priced, {} taken, {} kicks, {:.0} ms",
            im.makespan,
            im.swaps,
            ["oracle", "list"][im.start],
            im.effort.moves,
            im.effort.priced,
            im.effort.taken,
            im.effort.kicks,
            t.elapsed().as_secs_f64() * 1e3
        ),
        Err(e) => println!("improvement search: {e}"),
    }
}
