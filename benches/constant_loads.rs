//! The default algorithm's cost: `torq-prefetch-algorithm=auto`
//! (constant-loads), what every compile without a flag runs, against MLIR's
//! parse + verify + print of the same function. Generated functions of about
//! 1k, 10k and 100k top-level ops whose weights are read-only
//! `map_binding`s (constant data that constant-loads moves); per size the
//! best of a few runs, each on a fresh parse, annotated first.
//!
//!     cargo bench --bench constant_loads
//!
//! The target (issue 16): at most 1x parse + verify + print at 100k ops.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Module};
use std::time::{Duration, Instant};
use torq_sched::ir::context::context;
use torq_sched::sched::gen::{random_stream, GenParams};

fn func<'c, 'a>(m: &'a Module<'c>) -> OperationRef<'c, 'a> {
    m.body().first_operation().unwrap()
}

fn main() {
    let ctx = context();
    let dir = std::env::temp_dir();
    println!("| top-level ops | parse+verify+print | constant-loads | ratio | decision |");
    println!("|---:|---:|---:|---:|---|");
    let mut last: Option<(usize, Duration)> = None;
    for programs in [135usize, 1_350, 13_500] {
        let g = GenParams {
            programs,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 1,
            held_percent: 0,
        };
        let text = torq_sched::corpus::stream_to_mlir_with(
            &random_stream(2026, g),
            "bench",
            torq_sched::corpus::Style {
                constant_weights: true,
                ..Default::default()
            },
        );
        let runs = if programs >= 10_000 { 3 } else { 5 };
        let (mut io, mut pass) = (Duration::MAX, Duration::MAX);
        let mut ops = 0;
        let mut decision = String::new();
        for _ in 0..runs {
            let t = Instant::now();
            let module = Module::parse(&ctx, &text).expect("parses");
            assert!(module.as_operation().verify());
            let printed = module.as_operation().to_string();
            io = io.min(t.elapsed());
            assert!(!printed.is_empty());
            let f = func(&module);
            ops = torq_sched::ir::block_ops(torq_sched::ir::body(f).expect("a body")).len();
            assert!(torq_sched::passes::run(
                f,
                "torq-annotate-dma-and-slice-cycles"
            ));
            let report = dir.join(format!("torq-constant-loads-{programs}.json"));
            let text = format!(
                "torq-prefetch-inputs{{torq-prefetch-report={}}}",
                report.display()
            );
            let t = Instant::now();
            assert!(torq_sched::passes::run(f, &text));
            pass = pass.min(t.elapsed());
            let r: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
            decision = r["functions"]["bench"][0]["decision"]
                .as_str()
                .unwrap_or("")
                .to_string();
        }
        println!(
            "| {ops} | {:.1} ms | {:.1} ms | {:.2} | {decision} |",
            io.as_secs_f64() * 1e3,
            pass.as_secs_f64() * 1e3,
            pass.as_secs_f64() / io.as_secs_f64()
        );
        if let Some((n0, t0)) = last {
            eprintln!(
                "growth: {:.1}x time for {:.1}x ops",
                pass.as_secs_f64() / t0.as_secs_f64(),
                ops as f64 / n0 as f64
            );
        }
        last = Some((ops, pass));
    }
}
