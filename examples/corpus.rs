//! The benchmark corpus generator: writes functions shaped like real
//! workloads in upstream syntax (see src/corpus.rs).
//!
//!     cargo run --example corpus -- list
//!     cargo run --example corpus -- lm-head-400 > lm-head.mlir
//!     cargo run --example corpus -- random SEED PROGRAMS [MAX_BUFFER] > random.mlir
//!     cargo run --example corpus -- hundred-k-ops > big.mlir
//!     cargo run --example corpus -- family flow-shop 2000 1 > flow-shop.mlir
//!     cargo run --example corpus -- sized lm-head 5000 > lm-head-5000.mlir

use torq_sched::corpus::{stream_to_mlir, workloads};
use torq_sched::sched::gen::{random_stream, GenParams};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("list");
    if which == "random" {
        let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
        let programs = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
        // Optional: the largest buffer in bytes (GenParams::small's 64 KiB).
        let mut params = GenParams::small(programs);
        if let Some(max) = args.get(4).and_then(|s| s.parse().ok()) {
            params.max_buffer = max;
        }
        print!("{}", stream_to_mlir(&random_stream(seed, params), "random"));
        return;
    }
    if which == "family" {
        // A family of the quality table at any size (long blocks).
        let shape = args.get(2).map(String::as_str).unwrap_or("flow-shop");
        let size = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(24);
        let seed = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
        match torq_sched::corpus::family(shape, size, seed) {
            Some(s) => print!(
                "{}",
                stream_to_mlir(&s, &format!("{}_{size}_s{seed}", shape.replace('-', "_")))
            ),
            None => {
                eprintln!("unknown family '{shape}'");
                std::process::exit(2);
            }
        }
        return;
    }
    if which == "sized" {
        // A block of the size table (`cargo bench --bench size`), as the
        // bench writes it.
        let shape = args.get(2).map(String::as_str).unwrap_or("chain-4k");
        let programs = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
        match torq_sched::corpus::sized(shape, programs) {
            Some(s) => print!("{}", stream_to_mlir(&s, "f")),
            None => {
                eprintln!(
                    "unknown shape '{shape}' (one of {})",
                    torq_sched::corpus::SIZED.join(", ")
                );
                std::process::exit(2);
            }
        }
        return;
    }
    if which == "hundred-k-ops" {
        print!(
            "{}",
            stream_to_mlir(&torq_sched::corpus::hundred_k_ops(), "big")
        );
        return;
    }
    let all: Vec<(String, torq_sched::sched::stream::Stream)> = workloads()
        .into_iter()
        .chain(torq_sched::corpus::shaped_workloads())
        .chain(torq_sched::corpus::llm_workloads())
        .chain(torq_sched::corpus::family_workloads())
        .collect();
    if which == "list" {
        for (name, s) in &all {
            println!(
                "{name}: {} ops, {} programs",
                s.nodes.len(),
                s.programs.len()
            );
        }
        return;
    }
    match all.into_iter().find(|(n, _)| n == which) {
        Some((name, s)) => print!("{}", stream_to_mlir(&s, &name.replace('-', "_"))),
        None => {
            eprintln!("unknown workload '{which}' (try: list)");
            std::process::exit(2);
        }
    }
}
