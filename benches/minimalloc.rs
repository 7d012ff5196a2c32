//! The placer alone on MiniMalloc's challenging benchmark set
//! (google/minimalloc, benchmarks/asplos2024: 11 instances, 154-454 buffers,
//! capacity 1 MiB; vendored in benches/minimalloc/ as `buffer,start,end,size`
//! with lifespans `[start, end)`): solved or not within a deterministic node
//! budget, the height of the placement, the nodes and the time. MiniMalloc
//! itself places all 11, in 0.6-4.7 s each on a machine of this kind.
//!
//!     cargo bench --bench minimalloc [-- NODES]
//!
//! The placer is AssignLramAddresses' own (`alloc::pack`), as the pipeline
//! runs it, with the budget given (default 20,000,000 nodes).

use std::time::Instant;
use torq_sched::alloc::pack::{pack, peak, valid, Outcome};

const CAPACITY: u64 = 1 << 20;

fn main() {
    let budget: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000_000);
    let dir = std::env::var_os("TORQ_MINIMALLOC_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(torq_sched::corpus::minimalloc_dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("benches/minimalloc")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    println!("node budget {budget} per instance, capacity {CAPACITY}");
    println!();
    println!("| instance | buffers | max live | placed | height | nodes | time |");
    println!("|---|---:|---:|---|---:|---:|---:|");
    let mut solved = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).expect("a benchmark file");
        let items = torq_sched::alloc::pack::read_minimalloc(&text).expect("a benchmark file");
        let max_live = peak(&items);
        let t = Instant::now();
        let p = pack(&items, CAPACITY, 1, budget);
        let secs = t.elapsed().as_secs_f64();
        let placed = p.outcome == Outcome::Placed;
        if placed {
            assert!(
                valid(&items, &p.offsets, CAPACITY, 1),
                "{f:?}: an invalid placement"
            );
            solved += 1;
        }
        println!(
            "| {} | {} | {max_live} | {} | {} | {} | {secs:.2} s |",
            f.file_stem().unwrap().to_string_lossy(),
            items.len(),
            match p.outcome {
                Outcome::Placed => "yes",
                Outcome::Infeasible => "infeasible (proven)",
                Outcome::Unknown => "no (budget)",
            },
            if placed {
                p.height.to_string()
            } else {
                "-".into()
            },
            p.nodes,
        );
    }
    println!();
    println!("{solved} of {} placed", files.len());
}
