//! Compares the list scheduler's priority policies on the corpus and on
//! random streams: makespans by policy and how often each beats FIFO.
//!
//!     cargo run --release --example policies

use torq_sched::sched::gen::{random_stream, GenParams};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule_with, ListParams, Policy};

fn main() {
    let mut wins = [0usize; Policy::ALL.len()];
    let mut losses = [0usize; Policy::ALL.len()];
    let mut best_gain = [0f64; Policy::ALL.len()];
    let mut example = None;
    for seed in 0..400u64 {
        let mut g = GenParams::small(4 + (seed as usize % 12));
        g.slices = 1 + (seed % 2) as u32;
        let s = random_stream(seed, g);
        let graph = StreamGraph::build(&s);
        let lp = ListParams::new(523_008);
        let fifo = list_schedule_with(&s, &graph, lp, Policy::Fifo, false)
            .unwrap()
            .makespan;
        for (k, p) in Policy::ALL.into_iter().enumerate().skip(1) {
            let m = list_schedule_with(&s, &graph, lp, p, false)
                .unwrap()
                .makespan;
            if m < fifo {
                wins[k] += 1;
                let gain = 1.0 - m as f64 / fifo as f64;
                if gain > best_gain[k] {
                    best_gain[k] = gain;
                    example = Some((seed, p.name(), fifo, m));
                }
            } else if m > fifo {
                losses[k] += 1;
            }
        }
    }
    for (k, p) in Policy::ALL.into_iter().enumerate().skip(1) {
        println!(
            "{}: faster than fifo on {} of 400 random streams, slower on {}; best gain {:.1}%",
            p.name(),
            wins[k],
            losses[k],
            100.0 * best_gain[k]
        );
    }
    if let Some((seed, p, f, m)) = example {
        println!("largest gain: seed {seed}, {p}: {f} -> {m} cycles");
    }
    for (name, s) in torq_sched::corpus::workloads() {
        let graph = StreamGraph::build(&s);
        let lp = ListParams::new(523_008);
        let row: Vec<String> = Policy::ALL
            .into_iter()
            .map(|p| {
                let m = list_schedule_with(&s, &graph, lp, p, false).map_or(0, |x| x.makespan);
                format!("{} {m}", p.name())
            })
            .collect();
        println!("{name}: {}", row.join(", "));
    }
}
