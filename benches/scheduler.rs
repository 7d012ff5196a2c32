//! Benchmark of the scheduler core (issue: "Speed, in a benchmark"):
//! generated streams of about 1k, 10k and 100k ops, all weight loads ready
//! from the start. Reports the best of several runs per phase, time per op,
//! and growth from one size to the next (10x ops: near-linear means ~10x).
//!
//!     cargo bench --bench scheduler

use std::time::{Duration, Instant};
use torq_sched::sched::bounds::lower_bounds_within;
use torq_sched::sched::gen::{random_stream, GenParams};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule, ListParams};
use torq_sched::sched::simulate::simulate_order;
use torq_sched::sched::stream::Kind;

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}

fn main() {
    println!("| ops | ready loads at t=0 | graph | listSchedule | simulateOrder | bounds | schedule ns/op | growth |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut prev: Option<(usize, Duration)> = None;
    for programs in [140usize, 1_400, 14_000] {
        let g = GenParams {
            programs,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 0,
            held_percent: 0,
        };
        let stream = random_stream(42, g);
        let n = stream.nodes.len();
        let runs = if n > 50_000 { 3 } else { 10 };
        let (t_graph, graph) = best(runs, || StreamGraph::build(&stream));
        let ready = (0..n)
            .filter(|&v| stream.nodes[v].kind == Kind::Load && graph.preds(v).count() == 0)
            .count();
        let params = ListParams::new(523_008);
        let (t_list, sched) = best(runs, || {
            list_schedule(&stream, &graph, params, false).expect("schedules")
        });
        let (t_sim, _) = best(runs, || {
            simulate_order(&stream, &graph, &sched.order, &sched.slice_of)
        });
        let (t_bounds, _) = best(runs.min(3), || {
            lower_bounds_within(&stream, &graph, Some(params.cap))
        });
        let per_op = (t_graph + t_list).as_nanos() as f64 / n as f64;
        let growth = prev.map_or("-".to_string(), |(pn, pt)| {
            format!(
                "{:.1}x time for {:.1}x ops",
                (t_graph + t_list).as_secs_f64() / pt.as_secs_f64(),
                n as f64 / pn as f64
            )
        });
        println!(
            "| {n} | {ready} | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | {per_op:.0} | {growth} |",
            t_graph.as_secs_f64() * 1e3,
            t_list.as_secs_f64() * 1e3,
            t_sim.as_secs_f64() * 1e3,
            t_bounds.as_secs_f64() * 1e3,
        );
        prev = Some((n, t_graph + t_list));
    }
}
