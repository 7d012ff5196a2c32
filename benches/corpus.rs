//! The corpus benchmark (issue: PrefetchInputs end to end): each workload of
//! `corpus::workloads()` through annotate, PrefetchInputs (stream-schedule,
//! the spec's FIFO) and the LRAM pipeline, with the makespans of the report,
//! the lower bound, the ratio to it, and compile times; then the oracle's
//! table: every workload and the shaped ones (`corpus::shaped_workloads`)
//! with FIFO and the portfolio (`torq-list-policy=portfolio`, offline
//! placement) after allocation beside the exact oracle's best order and
//! proven bound (100,000 solver steps, no clock, on the annotated block);
//! then, on a generated function of about 100k top-level
//! ops, the time of the prefetch pass (its allocator runs and search
//! included) against torq-opt's own parse + verify + print of it.
//!
//!     cargo bench --bench corpus

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Module};
use std::time::Instant;
use torq_sched::ir::context::context;

fn func<'c, 'a>(m: &'a Module<'c>) -> OperationRef<'c, 'a> {
    m.body().first_operation().unwrap()
}

/// Runs PrefetchInputs (stream-schedule, `policy`) on `f` and returns its
/// time and the report of the function's first block.
fn run_prefetch(
    f: OperationRef,
    report: &std::path::Path,
    policy: &str,
) -> (std::time::Duration, serde_json::Value) {
    let pass = format!(
        "torq-prefetch-inputs{{torq-prefetch-algorithm=stream-schedule torq-list-cap-percent=100 \
         torq-list-prefetch-percent=40 torq-list-urgent-starts=4 torq-list-window=32 torq-hw=SL2610 \
         torq-prefetch-report={} torq-prefetch-explain=false torq-prefetch-trace=\"\" torq-list-policy={policy} \
         torq-oracle-steps=5000 torq-oracle-time-limit-ms=2000 \
         torq-improve-moves=40000}}",
        report.display()
    );
    let t = Instant::now();
    assert!(torq_sched::passes::run(f, &pass));
    let elapsed = t.elapsed();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).expect("report")).expect("json");
    let block = json["functions"]
        .as_object()
        .expect("object")
        .values()
        .next()
        .expect("entry")[0]
        .clone();
    (elapsed, block)
}

/// The block's report with `policy` (a fresh parse) and the prefetch time.
fn with_policy(
    ctx: &melior::Context,
    text: &str,
    report: &std::path::Path,
    policy: &str,
) -> (std::time::Duration, serde_json::Value) {
    let module = Module::parse(ctx, text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(f, ANNOTATE));
    run_prefetch(f, report, policy)
}

/// The oracle on the annotated block of `text`, from the fastest list
/// schedule within LRAM: (best, bound, optimal, best after allocation).
fn oracle_of(ctx: &melior::Context, text: &str) -> Option<(u64, u64, bool, Option<u64>)> {
    let module = Module::parse(ctx, text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(f, ANNOTATE));
    let hw = torq_sched::cost::Hw::parse("SL2610").unwrap();
    let block = torq_sched::ir::body(f).expect("a body");
    let bs = torq_sched::ir::stream::block_to_stream(block, &hw).ok()?;
    let s = &bs.stream;
    let g = torq_sched::sched::graph::StreamGraph::build(s);
    let usable = hw.usable_lram_bytes();
    let from = torq_sched::sched::oracle::incumbent(s, &g, usable)?;
    let limits = torq_sched::sched::oracle::OracleLimits {
        // Steps only, as in the llm bench: the table must not depend on
        // the machine's load.
        time: None,
        max_nodes: 1000,
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
    let after =
        torq_sched::decide::price::price_after_allocation(s, &g, &r.order, &r.slice_of, &hw)
            .map(|p| p.1);
    Some((r.makespan, r.bound, r.optimal, after))
}

const ANNOTATE: &str =
    "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=SL2610}";

fn main() {
    let ctx = context();
    let dir = std::env::temp_dir();
    println!("FIFO (torq-list-policy=fifo, the spec):");
    println!();
    println!("| workload | top-level ops | input | predicted | after allocation | lower bound | ratio to bound | decision | prefetch time | pipeline time |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|");
    for (name, stream) in torq_sched::corpus::workloads() {
        let text = torq_sched::corpus::stream_to_mlir(&stream, &name.replace('-', "_"));
        let module = Module::parse(&ctx, &text).expect("parses");
        let f = func(&module);
        let report = dir.join(format!("torq-corpus-{name}.json"));
        let t0 = Instant::now();
        assert!(torq_sched::passes::run(f, ANNOTATE));
        let (t_prefetch, r) = run_prefetch(f, &report, "fifo");
        assert!(torq_sched::passes::run(f, "torq-add-deallocation"));
        assert!(torq_sched::passes::run(
            f,
            "torq-recover-lram-residency{torq-failure-driven-recovery=true torq-hw=SL2610}"
        ));
        assert!(torq_sched::passes::run(
            f,
            "torq-assign-lram-addresses{torq-hw=SL2610 torq-allow-swaps=true}"
        ));
        let t_pipeline = t0.elapsed();
        assert!(torq_sched::passes::run(
            f,
            "torq-verify-lram{torq-hw=SL2610}"
        ));
        let ops = stream.nodes.len();
        println!(
            "| {name} | {ops} | {} | {} | {} | {} | {:.3} | {} | {:.1} ms | {:.1} ms |",
            r["input_predicted"],
            r["predicted"],
            r["after_allocation"],
            r["lower_bound"],
            r["ratio_to_bound"].as_f64().unwrap_or(0.0),
            r["decision"].as_str().unwrap_or(""),
            t_prefetch.as_secs_f64() * 1e3,
            t_pipeline.as_secs_f64() * 1e3,
        );
    }

    // The oracle's table.
    println!();
    println!("The portfolio (torq-list-policy=portfolio, torq-placement=offline) against FIFO and the exact oracle at 100,000 solver steps (all after allocation but the oracle's best, which is its model's makespan; blocks above 1000 scheduled ops have no oracle):");
    println!();
    println!("| workload | FIFO | portfolio | policy | oracle best | oracle bound | optimal | oracle's order after allocation | portfolio / oracle best | portfolio / bound | portfolio time |");
    println!("|---|---:|---:|---|---:|---:|---|---:|---:|---:|---:|");
    let mut ratios = Vec::new();
    let all: Vec<(String, torq_sched::sched::stream::Stream)> = torq_sched::corpus::workloads()
        .into_iter()
        .chain(torq_sched::corpus::shaped_workloads())
        .collect();
    for (name, stream) in all {
        let text = torq_sched::corpus::stream_to_mlir(&stream, &name.replace('-', "_"));
        let (_, fifo) = with_policy(
            &ctx,
            &text,
            &dir.join(format!("torq-oracle-{name}-fifo.json")),
            "fifo",
        );
        let (t_default, def) = with_policy(
            &ctx,
            &text,
            &dir.join(format!("torq-oracle-{name}-default.json")),
            "portfolio",
        );
        let cost = |r: &serde_json::Value| {
            r["after_allocation"]
                .as_u64()
                .or(r["input_after_allocation"].as_u64())
        };
        let (f, d) = (cost(&fifo), cost(&def));
        assert!(
            d.unwrap_or(u64::MAX) <= f.unwrap_or(u64::MAX),
            "{name}: the portfolio slower than FIFO"
        );
        let show = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
        let policy = def["policy"].as_str().unwrap_or("fifo").to_string();
        match oracle_of(&ctx, &text) {
            Some((best, bound, optimal, after)) => {
                let d = d.unwrap_or(u64::MAX);
                let r_best = d as f64 / best as f64;
                let r_bound = d as f64 / bound.max(1) as f64;
                ratios.push((name.clone(), r_best));
                println!(
                    "| {name} | {} | {d} | {policy} | {best} | {bound} | {} | {} | {r_best:.3} | {r_bound:.3} | {:.0} ms |",
                    show(f),
                    if optimal { "yes" } else { "no" },
                    show(after),
                    t_default.as_secs_f64() * 1e3
                );
            }
            None => println!(
                "| {name} | {} | {} | {policy} | - | - | - | - | - | - | {:.0} ms |",
                show(f),
                show(d),
                t_default.as_secs_f64() * 1e3
            ),
        }
    }
    let geomean = (ratios.iter().map(|r| r.1.ln()).sum::<f64>() / ratios.len() as f64).exp();
    let worst = ratios
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .cloned()
        .unwrap_or_default();
    println!();
    println!(
        "portfolio / oracle best over {} blocks: geomean {geomean:.4}, worst {:.4} ({})",
        ratios.len(),
        worst.1,
        worst.0
    );

    // 100k top-level ops: prefetch vs parse + verify + print.
    let stream = torq_sched::corpus::hundred_k_ops();
    let text = torq_sched::corpus::stream_to_mlir(&stream, "big");
    let t = Instant::now();
    let module = Module::parse(&ctx, &text).expect("parses");
    assert!(module.as_operation().verify());
    let printed = module.as_operation().to_string();
    let t_io = t.elapsed();
    assert!(!printed.is_empty());
    let f = func(&module);
    let n = torq_sched::ir::block_ops(torq_sched::ir::body(f).expect("a body")).len();
    assert!(torq_sched::passes::run(f, ANNOTATE));
    let (t_prefetch, r) = run_prefetch(f, &dir.join("torq-corpus-big.json"), "fifo");
    println!();
    println!(
        "{n} top-level ops: parse + verify + print {:.0} ms; torq-prefetch-inputs {:.0} ms ({} allocator runs, {}); ratio prefetch / (parse+verify+print) = {:.2}",
        t_io.as_secs_f64() * 1e3,
        t_prefetch.as_secs_f64() * 1e3,
        r["allocator_runs"],
        r["decision"].as_str().unwrap_or(""),
        t_prefetch.as_secs_f64() / t_io.as_secs_f64()
    );
    // The same function with the portfolio.
    let module = Module::parse(&ctx, &text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(f, ANNOTATE));
    let (t_search, r) = run_prefetch(f, &dir.join("torq-corpus-big-default.json"), "portfolio");
    println!(
        "with torq-list-policy=portfolio: {:.0} ms ({} allocator runs, {}); ratio = {:.2}",
        t_search.as_secs_f64() * 1e3,
        r["allocator_runs"],
        r["decision"].as_str().unwrap_or(""),
        t_search.as_secs_f64() / t_io.as_secs_f64()
    );
}
