//! The exact oracle on the corpus workloads small enough for it: FIFO's
//! makespan, the best policy's, the oracle's best and its proven bound.
//!
//!     cargo run --release --example oracle [SECONDS]

use std::time::Duration;
use torq_sched::budget::Budget;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};

fn main() {
    let secs: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let usable = 523_008;
    for (name, s) in torq_sched::corpus::workloads() {
        let graph = StreamGraph::build(&s);
        let lp = ListParams::new(usable);
        let fifo = list_schedule_with(&s, &graph, lp, Policy::Fifo, false).unwrap();
        let Some(best) = incumbent(&s, &graph, usable) else {
            println!("{name}: no list schedule within LRAM");
            continue;
        };
        let limits = OracleLimits {
            time: Some(Duration::from_secs(secs)),
            max_nodes: 2000,
            ..OracleLimits::default()
        };
        let t0 = std::time::Instant::now();
        match solve(
            &s,
            &graph,
            usable,
            (&best.order, &best.slice_of),
            limits,
            Budget::new(u64::MAX),
        ) {
            Ok(r) => {
                println!(
                "{name}: fifo {} policies {} oracle {} bound {} (analytic {}){} {:.1}s probes {:?}",
                fifo.makespan,
                best.makespan,
                r.makespan,
                r.bound,
                r.analytic_bound,
                if r.optimal { " optimal" } else { "" },
                t0.elapsed().as_secs_f64(),
                r.probes.iter().map(|p| format!("{}:{}:{}", p.target, p.outcome, p.steps)).collect::<Vec<_>>()
            )
            }
            Err(e) => println!(
                "{name}: fifo {} policies {}: {e}",
                fifo.makespan, best.makespan
            ),
        }
    }
}
