//! The packer on the pipeline's own packing questions
//! (benches/pipeline-packings/, see its README) and on MiniMalloc's
//! challenging set (benches/minimalloc/): per set, how many instances place
//! within each node budget, how many are proven infeasible, and the nodes
//! and time of all of them at the largest budget.
//!
//!     cargo bench --bench packings [-- DIR...]
//!
//! A file named `NAME.CAPACITY.ALIGN.csv` is packed at that capacity and
//! alignment; any other at 1 MiB and 1 (MiniMalloc's).

use std::path::{Path, PathBuf};
use std::time::Instant;
use torq_sched::alloc::pack::{pack, read_minimalloc, valid, Outcome};

/// The budgets counted: the pipeline's swap-free share and whole
/// allocation at the default `torq-placement-nodes`, then deep runs.
const BUDGETS: [u64; 5] = [1_000, 2_000, 4_000, 100_000, 1_000_000];

fn capacity_and_align(path: &Path) -> (u64, u64) {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let parts: Vec<&str> = name.split('.').collect();
    match parts[..] {
        [_, cap, align, "csv"] => (
            cap.parse().expect("a capacity"),
            align.parse().expect("an alignment"),
        ),
        _ => (1 << 20, 1),
    }
}

fn run(dir: &Path) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    let (mut within, mut infeasible, mut nodes) = ([0usize; BUDGETS.len()], 0, 0u64);
    let t = Instant::now();
    for f in &files {
        let (capacity, align) = capacity_and_align(f);
        let text = std::fs::read_to_string(f).expect("an instance");
        let items = read_minimalloc(&text).expect("an instance");
        let p = pack(&items, capacity, align, BUDGETS[BUDGETS.len() - 1]);
        nodes += p.nodes;
        match p.outcome {
            Outcome::Placed => {
                assert!(
                    valid(&items, &p.offsets, capacity, align),
                    "{f:?}: an invalid placement"
                );
                for (k, &b) in BUDGETS.iter().enumerate() {
                    within[k] += usize::from(p.nodes <= b);
                }
            }
            Outcome::Infeasible => infeasible += 1,
            Outcome::Unknown => {}
        }
    }
    let cells: Vec<String> = within.iter().map(|w| w.to_string()).collect();
    println!(
        "| {} | {} | {} | {infeasible} | {nodes} | {:.2} s |",
        dir.file_name().unwrap_or_default().to_string_lossy(),
        files.len(),
        cells.join(" | "),
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches");
    let mut dirs: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .collect();
    if dirs.is_empty() {
        dirs = vec![root.join("pipeline-packings"), root.join("minimalloc")];
    }
    let heads: Vec<String> = BUDGETS.iter().map(|b| format!("<= {b}")).collect();
    println!(
        "| set | instances | placed {} | proven infeasible | nodes | time |",
        heads.join(" | ")
    );
    println!("|---|---:|{}---:|---:|---:|", "---:|".repeat(BUDGETS.len()));
    for d in &dirs {
        run(d);
    }
}
