//! Draws a corpus workload's timeline before and after PrefetchInputs'
//! scheduling, as an SVG the project draws itself (sched::explain::svg_timeline):
//! the input order, the spec's FIFO list schedule, and the best policy.
//!
//!     cargo run --release --example timeline -- chain-after-independent > timeline.svg

use torq_sched::sched::explain::svg_timeline;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};
use torq_sched::sched::simulate::simulate_order;

fn main() {
    let which = std::env::args()
        .nth(1)
        .unwrap_or("chain-after-independent".into());
    let Some((name, s)) = torq_sched::corpus::workloads()
        .into_iter()
        .find(|(n, _)| *n == which)
    else {
        eprintln!("unknown workload '{which}' (see: cargo run --example corpus -- list)");
        std::process::exit(2);
    };
    let g = StreamGraph::build(&s);
    let lp = ListParams::new(523_008);
    let input = simulate_order(&s, &g, &s.input_order(), &s.input_slices());
    let mut runs = vec![("input order".to_string(), input)];
    let mut best: Option<(Policy, torq_sched::sched::simulate::SimResult)> = None;
    for p in Policy::ALL {
        let Ok(sched) = list_schedule_with(&s, &g, lp, p, false) else {
            continue;
        };
        let sim = simulate_order(&s, &g, &sched.order, &sched.slice_of);
        if p == Policy::Fifo {
            runs.push(("stream-schedule, fifo (the spec)".into(), sim.clone()));
        }
        if best.as_ref().is_none_or(|(_, b)| sim.makespan < b.makespan) {
            best = Some((p, sim));
        }
    }
    if let Some((p, sim)) = best.filter(|(p, _)| *p != Policy::Fifo) {
        runs.push((format!("stream-schedule, {}", p.name()), sim));
    }
    let refs: Vec<(&str, &_, &_)> = runs.iter().map(|(l, sim)| (l.as_str(), &s, sim)).collect();
    eprintln!("{name}: {} schedules", refs.len());
    print!("{}", svg_timeline(&refs));
}
