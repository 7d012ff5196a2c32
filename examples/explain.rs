//! Explains how the list scheduler would reorder each function of an MLIR
//! file (upstream syntax), without changing it: the step table of spec §6,
//! input vs predicted makespan, the lower bound, and a Chrome trace of the
//! new order (open it in https://ui.perfetto.dev).
//!
//!     cargo run --example explain -- examples/worked-example-1.mlir [trace.json]

use melior::ir::operation::OperationLike;
use melior::ir::{BlockLike, Module, RegionLike};
use torq_sched::cost::Hw;
use torq_sched::ir::OpExt;
use torq_sched::sched::{bounds, explain, graph::StreamGraph, list, simulate};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: explain FILE.mlir [TRACE.json]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let ctx = torq_sched::ir::context::context();
    let Some(module) = Module::parse(&ctx, &text) else {
        eprintln!("{path}: does not parse");
        std::process::exit(1);
    };
    let hw = Hw::sl2610();
    let annotate =
        "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=SL2610}";
    let mut func = module.body().first_operation();
    while let Some(f) = func {
        func = f.next_in_block();
        if torq_sched::ir::op_name(&f) != "func.func" || !torq_sched::passes::run(f, annotate) {
            continue;
        }
        let Some(block) = f.region_at(0).and_then(|r| r.first_block()) else {
            continue;
        };
        let bs = match torq_sched::ir::stream::block_to_stream(block, &hw) {
            Ok(bs) => bs,
            Err(e) => {
                eprintln!("{}: {}", e.loc, e.message);
                continue;
            }
        };
        let s = &bs.stream;
        let g = StreamGraph::build(s);
        let input = simulate::simulate_order(s, &g, &s.input_order(), &s.input_slices());
        let sched = list::list_schedule(s, &g, list::ListParams::new(hw.usable_lram_bytes()), true)
            .expect("schedules");
        let b = bounds::lower_bounds(s, &g);
        println!(
            "{}",
            f.attribute("sym_name")
                .map(|a| a.to_string())
                .unwrap_or_default()
        );
        print!("{}", explain::explain_table(s, &sched));
        println!(
            "input {} cycles -> predicted {} cycles; lower bound {} (ratio {:.2})",
            input.makespan,
            sched.makespan,
            b.best,
            sched.makespan as f64 / b.best.max(1) as f64
        );
        if let Some(trace) = args.get(2) {
            let sim = simulate::simulate_order(s, &g, &sched.order, &sched.slice_of);
            let json = explain::chrome_trace(s, &sim, path);
            std::fs::write(trace, serde_json::to_string_pretty(&json).expect("json"))
                .expect("write trace");
            println!("timeline written to {trace}");
        }
    }
}
