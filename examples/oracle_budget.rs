//! How much the oracle spends on random functions like those of
//! tests/prefetch_properties.rs: steps and time per block.
//!
//!     cargo run --release --example oracle_budget

use torq_sched::sched::gen::mixed_lram_streams;
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::oracle::{incumbent, solve, OracleLimits};

fn main() {
    for (case, (lram_kb, s)) in mixed_lram_streams(99, 120).into_iter().enumerate() {
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
            OracleLimits::default(),
            torq_sched::budget::Budget::new(100_000),
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
