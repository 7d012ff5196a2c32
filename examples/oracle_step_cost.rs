//! What one step of the oracle's budget costs, per workload of the corpus
//! and its families: the oracle from the fastest list schedule within LRAM,
//! 1000 steps, bisection to the optimum; microseconds per step used. The
//! budget counts the solver's rounds and its propagation's bound changes
//! (`oracle::EVENTS_PER_STEP`), so this stays within a small range across
//! shapes.
//!
//!     cargo run --release --example oracle_step_cost [-- NAME...]

use torq_sched::budget::Budget;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};

fn main() {
    let hw = torq_sched::cost::Hw::sl2610();
    let usable = hw.usable_lram_bytes();
    let all = torq_sched::corpus::workloads()
        .into_iter()
        .chain(torq_sched::corpus::shaped_workloads())
        .chain(torq_sched::corpus::llm_workloads())
        .chain(torq_sched::corpus::family_workloads());
    let only: Vec<String> = std::env::args().skip(1).collect();
    let mut per_step = Vec::new();
    for (name, s) in all {
        if !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let g = StreamGraph::build(&s);
        let Some(from) = incumbent(&s, &g, usable) else {
            continue;
        };
        let limits = OracleLimits {
            gap_ppm: 0,
            ..Default::default()
        };
        let t = std::time::Instant::now();
        let Ok(r) = solve(
            &s,
            &g,
            usable,
            (&from.order, &from.slice_of),
            limits,
            Budget::new(1000),
        ) else {
            continue;
        };
        let us = t.elapsed().as_secs_f64() * 1e6;
        let steps: u64 = r.probes.iter().map(|p| p.steps).sum();
        let x = us / steps.max(1) as f64;
        per_step.push(x);
        println!(
            "{name:32} {steps:6} steps {:9.1} ms {x:8.1} us/step",
            us / 1e3
        );
    }
    per_step.sort_by(f64::total_cmp);
    if let (Some(lo), Some(hi)) = (per_step.first(), per_step.last()) {
        println!(
            "us per step: min {lo:.1}, median {:.1}, max {hi:.1}",
            per_step[per_step.len() / 2]
        );
    }
}
