//! The effort levels' table (`torq-prefetch-effort`, docs/benchmarks.md):
//! each workload of the corpus, its shaped families and the LLM blocks, and
//! the 4-program function on which the search once ran past 300 s, through
//! AnnotateDmaAndSliceCycles and PrefetchInputs (stream-schedule) at each
//! level; per level the makespan after allocation (the report's plain
//! price), its ratio to the best of the four levels, and the pass's time
//! over torq-opt's own parse + verify + print of the same function (the
//! median of three runs, on one thread). The summary row: per level the
//! geometric mean and the worst of those ratios.
//!
//!     cargo bench --bench effort

use melior::ir::operation::OperationLike;
use melior::ir::{BlockLike, Module};
use std::time::{Duration, Instant};
use torq_sched::ir::context::context;

const ANNOTATE: &str = "torq-annotate-dma-and-slice-cycles{torq-hw=SL2610}";

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

/// Parse + verify + print of `text`.
fn baseline(ctx: &melior::Context, text: &str) -> Duration {
    median(
        (0..3)
            .map(|_| {
                let t = Instant::now();
                let m = Module::parse(ctx, text).expect("parses");
                assert!(m.as_operation().verify());
                let printed = m.as_operation().to_string();
                std::hint::black_box(printed.len());
                t.elapsed()
            })
            .collect(),
    )
}

/// PrefetchInputs at `level` on a fresh parse of `text`: (time, after
/// allocation of the first block).
fn at_level(
    ctx: &melior::Context,
    text: &str,
    level: u32,
    report: &std::path::Path,
) -> (Duration, u64) {
    let mut times = Vec::new();
    let mut after = 0;
    for _ in 0..3 {
        let m = Module::parse(ctx, text).expect("parses");
        let f = m.body().first_operation().expect("a function");
        assert!(torq_sched::passes::run(f, ANNOTATE));
        let pass = format!(
            "torq-prefetch-inputs{{torq-prefetch-algorithm=stream-schedule torq-hw=SL2610 \
             torq-prefetch-effort={level} torq-prefetch-report={}}}",
            report.display()
        );
        let t = Instant::now();
        assert!(torq_sched::passes::run(f, &pass));
        times.push(t.elapsed());
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(report).expect("report")).expect("json");
        let block = &json["functions"]
            .as_object()
            .expect("functions")
            .values()
            .next()
            .expect("a function")[0];
        after = block["after_allocation"]
            .as_u64()
            .or_else(|| block["input_after_allocation"].as_u64())
            .unwrap_or(0);
    }
    (median(times), after)
}

fn main() {
    let ctx = context();
    let report = std::env::temp_dir().join(format!("torq-effort-{}.json", std::process::id()));
    let mut cases: Vec<(String, String)> = Vec::new();
    for (name, s) in torq_sched::corpus::workloads()
        .into_iter()
        .chain(torq_sched::corpus::shaped_workloads())
        .chain(torq_sched::corpus::llm_workloads())
    {
        let text = torq_sched::corpus::stream_to_mlir(&s, &name.replace('-', "_"));
        cases.push((name, text));
    }
    let repro = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/lit/Inputs/search-does-not-finish.mlir"
    );
    cases.push((
        "search-does-not-finish (SL2610)".into(),
        std::fs::read_to_string(repro).expect("the repro"),
    ));
    println!("| workload | parse+verify+print | effort 0 | effort 1 | effort 2 | effort 3 |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); 4];
    let mut costs: Vec<Vec<f64>> = vec![Vec::new(); 4];
    for (name, text) in &cases {
        let base = baseline(&ctx, text);
        let runs: Vec<(Duration, u64)> = (0..4).map(|l| at_level(&ctx, text, l, &report)).collect();
        let best = runs.iter().map(|r| r.1).min().unwrap_or(1).max(1);
        let mut row = format!("| {name} | {:.1} ms |", base.as_secs_f64() * 1e3);
        for (l, (t, after)) in runs.iter().enumerate() {
            let ratio = *after as f64 / best as f64;
            let cost = t.as_secs_f64() / base.as_secs_f64().max(1e-9);
            ratios[l].push(ratio);
            costs[l].push(cost);
            row += &format!(" {after} ({ratio:.3}; {cost:.1}x) |");
        }
        println!("{row}");
    }
    let geo = |xs: &[f64]| (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len().max(1) as f64).exp();
    let worst = |xs: &[f64]| xs.iter().copied().fold(0.0f64, f64::max);
    let mut row = "| geomean ratio (worst); geomean cost (worst) | |".to_string();
    for l in 0..4 {
        row += &format!(
            " {:.4} ({:.3}); {:.1}x ({:.0}x) |",
            geo(&ratios[l]),
            worst(&ratios[l]),
            geo(&costs[l]),
            worst(&costs[l])
        );
    }
    println!("{row}");
    let _ = std::fs::remove_file(&report);
}
