//! How much the oracle spends on random functions like those of
//! tests/prefetch_properties.rs: steps and time per block.
//!
//!     cargo run --release --example oracle_budget

use torq_sched::sched::gen::{random_stream, GenParams, Rng};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};

fn main() {
    let mut rng = Rng::new(99);
    for case in 0..120 {
        let (lram_kb, max_buffer) = [(16u64, 6000), (64, 24_000), (512, 100_000)][case % 3];
        let g = GenParams {
            programs: rng.range(2, 14) as usize,
            slices: 2,
            max_buffer,
            max_weights: rng.range(1, 3),
            barrier_percent: 5,
            held_percent: 10,
        };
        let s = random_stream(rng.next_u64(), g);
        let graph = StreamGraph::build(&s);
        let usable = lram_kb * 1024 - 1024;
        let Some(from) = incumbent(&s, &graph, usable) else {
            continue;
        };
        let t = std::time::Instant::now();
        let r = solve(
            &s,
            &graph,
            usable,
            (&from.order, &from.slice_of),
            OracleLimits {
                steps: 100_000,
                ..Default::default()
            },
        );
        let el = t.elapsed().as_secs_f64() * 1e3;
        match r {
            Ok(r) => {
                println!(
                "case {case}: nodes {} lram {} {:.1} ms steps {} probes {} optimal {} stopped {:?}",
                s.nodes.len(), r.lram_modelled, el,
                r.probes.iter().map(|p| p.steps).sum::<u64>(), r.probes.len(), r.optimal, r.stopped
            )
            }
            Err(e) => println!("case {case}: {e} {el:.1} ms"),
        }
    }
}
