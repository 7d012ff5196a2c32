//! Benchmark of the passes on real IR (issue: allocation of a 100k-op
//! function; PrefetchInputs runs the allocator up to six times per block).
//! Generated functions of about 1k, 10k and 100k top-level ops; per phase
//! the best of a few runs, on a fresh parse each time.
//!
//!     cargo bench --bench pipeline

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Module};
use std::time::{Duration, Instant};
use torq_sched::ir::context::context;
use torq_sched::sched::gen::{random_stream, GenParams};

fn func<'c, 'a>(m: &'a Module<'c>) -> OperationRef<'c, 'a> {
    m.body().first_operation().unwrap()
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let ctx = context();
    println!("| top-level ops | parse+verify | print | annotate | add-dealloc | assign-lram | verify-lram | simulateStream |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for programs in [100usize, 1_000, 10_000] {
        let g = GenParams {
            programs,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 1,
            held_percent: 0,
        };
        let text = torq_sched::corpus::stream_to_mlir(&random_stream(7, g), "bench");
        let runs = if programs >= 10_000 { 2 } else { 5 };
        let mut best = [Duration::MAX; 7];
        let mut ops = 0;
        for _ in 0..runs {
            let t = Instant::now();
            let module = Module::parse(&ctx, &text).expect("parses");
            assert!(module.as_operation().verify());
            best[0] = best[0].min(t.elapsed());
            let t = Instant::now();
            let printed = module.as_operation().to_string();
            best[1] = best[1].min(t.elapsed());
            assert!(!printed.is_empty());
            let f = func(&module);
            ops = torq_sched::ir::block_ops(torq_sched::ir::body(f).expect("a body")).len();
            for (k, pass) in [
                "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=SL2610}",
                "torq-add-deallocation",
                "torq-assign-lram-addresses{torq-hw=SL2610 torq-allow-swaps=true}",
                "torq-verify-lram{torq-hw=SL2610}",
            ]
            .iter()
            .enumerate()
            {
                let t = Instant::now();
                assert!(torq_sched::passes::run(f, pass), "{pass}");
                best[2 + k] = best[2 + k].min(t.elapsed());
            }
            let t = Instant::now();
            let block = torq_sched::ir::body(f).expect("a body");
            let sim =
                torq_sched::ir::stream::simulate_block(block, &torq_sched::cost::Hw::sl2610())
                    .expect("simulates");
            best[6] = best[6].min(t.elapsed());
            assert!(sim.makespan > 0);
        }
        let cells: Vec<String> = best.iter().map(|&d| ms(d)).collect();
        println!("| {ops} | {} |", cells.join(" | "));
    }
}
