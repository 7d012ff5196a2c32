//! The corpus benchmark (issue: PrefetchInputs end to end): each workload of
//! `corpus::workloads()` through annotate, PrefetchInputs (stream-schedule)
//! and the LRAM pipeline, with the makespans of the report, the lower bound,
//! the ratio to it, and compile times; then, on a generated function of
//! about 100k top-level ops, the time of the prefetch pass (its allocator
//! runs included) against torq-opt's own parse + verify + print of it.
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
         torq-prefetch-report={} torq-prefetch-explain=false torq-prefetch-trace=\"\" torq-list-policy={policy}}}",
        report.display()
    );
    let t = Instant::now();
    assert!(torq_sched::passes::run(f, &pass));
    let elapsed = t.elapsed();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).expect("report")).expect("json");
    let block = json
        .as_object()
        .expect("object")
        .values()
        .next()
        .expect("entry")[0]
        .clone();
    (elapsed, block)
}

/// The block's makespan after allocation with the portfolio (a fresh parse).
fn portfolio_after_allocation(
    ctx: &melior::Context,
    text: &str,
    report: &std::path::Path,
) -> String {
    let module = Module::parse(ctx, text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(f, ANNOTATE));
    let (_, r) = run_prefetch(f, report, "portfolio");
    format!(
        "{} ({})",
        r["after_allocation"],
        r["policy"].as_str().unwrap_or("fifo")
    )
}

const ANNOTATE: &str =
    "torq-annotate-dma-and-slice-cycles{dma-in-mtu=4 dma-out-mtu=4 torq-hw=SL2610}";

fn main() {
    let ctx = context();
    let dir = std::env::temp_dir();
    println!("| workload | top-level ops | input | predicted | after allocation | lower bound | ratio to bound | decision | prefetch time | pipeline time | portfolio after allocation |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|");
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
            "torq-assign-lram-addresses{torq-hw=SL2610 allow-swaps=true}"
        ));
        let t_pipeline = t0.elapsed();
        assert!(torq_sched::passes::run(
            f,
            "torq-verify-lram{torq-hw=SL2610}"
        ));
        let ops = stream.nodes.len();
        let portfolio = portfolio_after_allocation(
            &ctx,
            &text,
            &dir.join(format!("torq-corpus-{name}-p.json")),
        );
        println!(
            "| {name} | {ops} | {} | {} | {} | {} | {:.3} | {} | {:.1} ms | {:.1} ms | {portfolio} |",
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

    // 100k top-level ops: prefetch vs parse + verify + print.
    let stream = torq_sched::sched::gen::random_stream(
        2026,
        torq_sched::sched::gen::GenParams {
            programs: 13_500,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 1,
            held_percent: 0,
        },
    );
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
    // The same function with the portfolio (every priority policy).
    let module = Module::parse(&ctx, &text).expect("parses");
    let f = func(&module);
    assert!(torq_sched::passes::run(f, ANNOTATE));
    let (t_portfolio, r) =
        run_prefetch(f, &dir.join("torq-corpus-big-portfolio.json"), "portfolio");
    println!(
        "with torq-list-policy=portfolio: {:.0} ms ({} allocator runs, {}); ratio = {:.2}",
        t_portfolio.as_secs_f64() * 1e3,
        r["allocator_runs"],
        r["decision"].as_str().unwrap_or(""),
        t_portfolio.as_secs_f64() / t_io.as_secs_f64()
    );
}
