//! The LLM-shaped blocks of issue 17 (weight tiles of 30-50% of LRAM:
//! `corpus::llm_workloads`) through the stream-schedule pipeline of the real
//! `torq-opt`, one process per run, timed by `--mlir-timing` in that run:
//!
//! - first-fit FIFO (`torq-list-policy=fifo torq-placement=first-fit`: the spec
//!   and upstream's allocator), the default (offline placement and the
//!   default policy) and, with `TORQ_BENCH_SEARCH=1`,
//!   `torq-list-policy=search` (the higher effort; seconds per block);
//! - each one's makespan after allocation (the report's price, which a test
//!   checks against simulateStream of the output) and its swaps (counted in
//!   the output IR);
//! - the exact oracle's best order and proven bound (100,000 solver steps
//!   on the annotated block; its model counts live bytes, not holes);
//! - the time of torq-prefetch-inputs over parse + verify + print of the
//!   same run.
//!
//! Then a function of about 100k top-level ops through the same default
//! (`TORQ_BENCH_BIG_ONLY=1`: that alone; `TORQ_BENCH_BLOCKS=TEXT`: only
//! the blocks whose name contains TEXT, then the big function;
//! `TORQ_BENCH_NO_ORACLE=1`: no oracle columns, which take most of the
//! bench's time and depend on nothing but the block).
//!
//!     cargo bench --bench llm

use melior::ir::operation::OperationRef;
use melior::ir::{BlockLike, Module};
use std::process::Command;
use torq_sched::ir::context::context;

fn func<'c, 'a>(m: &'a Module<'c>) -> OperationRef<'c, 'a> {
    m.body().first_operation().unwrap()
}

struct Run {
    after: Option<u64>,
    swaps: usize,
    prefetch_s: f64,
    io_s: f64,
}

/// Seconds of the `--mlir-timing` line named `name` (first match).
fn timing(report: &str, name: &str) -> f64 {
    report
        .lines()
        .find(|l| l.trim_end().ends_with(name))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|t| t.parse().ok())
        .unwrap_or(0.0)
}

fn run(input: &std::path::Path, options: &str, tag: &str) -> Run {
    let dir = std::env::temp_dir();
    let report = dir.join(format!("torq-llm-{tag}.json"));
    let out = dir.join(format!("torq-llm-{tag}.mlir"));
    let o = Command::new(env!("CARGO_BIN_EXE_torq-opt"))
        .arg(input)
        .arg(format!(
            "--torq-nss-pipeline=torq-prefetch-algorithm=stream-schedule {options} torq-prefetch-report={}",
            report.display()
        ))
        .arg("--mlir-timing")
        .arg("-o")
        .arg(&out)
        .output()
        .expect("torq-opt runs");
    assert!(
        o.status.success(),
        "{tag}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let t = String::from_utf8_lossy(&o.stderr).to_string();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("report")).expect("json");
    let block = &json["functions"]
        .as_object()
        .expect("object")
        .values()
        .next()
        .expect("entry")[0];
    let after = block["after_allocation"]
        .as_u64()
        .or(block["input_after_allocation"].as_u64());
    let text = std::fs::read_to_string(&out).expect("output");
    Run {
        after,
        swaps: text.matches("unsafe = true").count(),
        prefetch_s: timing(&t, "TorqPrefetchInputs"),
        io_s: timing(&t, "Parser") + timing(&t, "Output"),
    }
}

/// The oracle on the annotated block: (best, bound).
fn oracle_of(ctx: &melior::Context, text: &str) -> Option<(u64, u64)> {
    let module = Module::parse(ctx, text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(
        f,
        "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=SL2610}"
    ));
    let hw = torq_sched::cost::Hw::parse("SL2610").unwrap();
    let block = torq_sched::ir::body(f).expect("a body");
    let bs = torq_sched::ir::stream::block_to_stream(block, &hw).ok()?;
    let s = &bs.stream;
    let g = torq_sched::sched::graph::StreamGraph::build(s);
    let usable = hw.usable_lram_bytes();
    let from = torq_sched::sched::oracle::incumbent(s, &g, usable)?;
    let limits = torq_sched::sched::oracle::OracleLimits {
        // Steps only: the table must not depend on the machine's load (a
        // 30 s cap here once made mixed-weights-20-s2's best vary).
        time: None,
        max_nodes: 2000,
        ..Default::default()
    };
    let r = torq_sched::sched::oracle::solve(
        s,
        &g,
        usable,
        (&from.order, &from.slice_of),
        limits,
        torq_sched::budget::Budget::new(100_000),
    )
    .ok()?;
    Some((r.makespan, r.bound))
}

fn main() {
    let ctx = context();
    let dir = std::env::temp_dir();
    println!("| block | programs | first-fit FIFO | swaps | default | swaps | search | oracle best | oracle bound | default / oracle best | default / bound | default time / (parse+verify+print) | search time / (parse+verify+print) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let (mut ratios, mut bound_ratios, mut cost) = (Vec::new(), Vec::new(), Vec::new());
    let only = std::env::var("TORQ_BENCH_BLOCKS").ok();
    let blocks = if std::env::var_os("TORQ_BENCH_BIG_ONLY").is_some() {
        Vec::new()
    } else {
        torq_sched::corpus::llm_workloads()
            .into_iter()
            .filter(|(name, _)| only.as_ref().is_none_or(|o| name.contains(o.as_str())))
            .collect()
    };
    for (name, stream) in blocks {
        let text = torq_sched::corpus::stream_to_mlir(&stream, &name.replace('-', "_"));
        let input = dir.join(format!("torq-llm-{name}.mlir"));
        std::fs::write(&input, &text).expect("write");
        let fifo = run(
            &input,
            "torq-list-policy=fifo torq-placement=first-fit",
            &format!("{name}-fifo"),
        );
        let def = run(&input, "", &format!("{name}-default"));
        let search = std::env::var_os("TORQ_BENCH_SEARCH")
            .map(|_| run(&input, "torq-list-policy=search", &format!("{name}-search")));
        let show = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
        let d = def.after.unwrap_or(u64::MAX);
        assert!(
            d <= fifo.after.unwrap_or(u64::MAX),
            "{name}: the default is slower than first-fit FIFO"
        );
        let (best, bound) = if std::env::var_os("TORQ_BENCH_NO_ORACLE").is_some() {
            (None, None)
        } else {
            oracle_of(&ctx, &text).unzip()
        };
        let r_best = best.map(|b| d as f64 / b as f64);
        if let Some(r) = r_best {
            ratios.push(r);
        }
        if let Some(b) = bound {
            bound_ratios.push(d as f64 / b.max(1) as f64);
        }
        let c_def = def.prefetch_s / def.io_s.max(1e-9);
        let c_search = search.as_ref().map_or("-".to_string(), |r| {
            format!("{:.0}x", r.prefetch_s / r.io_s.max(1e-9))
        });
        cost.push(c_def);
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {c_def:.2}x | {c_search} |",
            stream.programs.len(),
            show(fifo.after),
            fifo.swaps,
            show(def.after),
            def.swaps,
            show(search.as_ref().and_then(|r| r.after)),
            show(best),
            show(bound),
            r_best.map_or("-".into(), |r| format!("{r:.3}")),
            bound.map_or("-".into(), |b| format!("{:.3}", d as f64 / b.max(1) as f64)),
        );
    }
    // A function of about 100k top-level ops (the corpus bench's), through
    // the default stream-schedule pipeline, timed in the same run.
    let big = torq_sched::corpus::hundred_k_ops();
    let input = dir.join("torq-llm-big-input.mlir");
    std::fs::write(&input, torq_sched::corpus::stream_to_mlir(&big, "big")).expect("write");
    let r = run(&input, "", "big");
    println!();
    println!(
        "{} nodes (about 100k top-level ops), the default: torq-prefetch-inputs {:.0} ms, parse + verify + print {:.0} ms: {:.2}x",
        big.nodes.len(),
        r.prefetch_s * 1e3,
        r.io_s * 1e3,
        r.prefetch_s / r.io_s.max(1e-9)
    );
    let geomean = |v: &[f64]| (v.iter().map(|r| r.ln()).sum::<f64>() / v.len().max(1) as f64).exp();
    let worst = ratios.iter().copied().fold(0.0f64, f64::max);
    println!();
    println!(
        "default / oracle best: geomean {:.4}, worst {worst:.4}; default / bound: geomean {:.4}; default prefetch time / (parse+verify+print): geomean {:.2}x, worst {:.2}x",
        geomean(&ratios),
        geomean(&bound_ratios),
        geomean(&cost),
        cost.iter().copied().fold(0.0f64, f64::max)
    );
}
