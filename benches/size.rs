//! Cost against size: the whole NSS pipeline with stream-schedule at each
//! effort level, as whole torq-opt processes, over parse+verify+print of the
//! same file (torq-opt without passes), on long blocks of 1,000 to 20,000
//! programs. Per row: the least of `RUNS` runs of each, alternating (this
//! machine's times move by tens of percent between runs of one command);
//! each level's time over parse+verify+print, over effort 0's, its cost per
//! program, and its makespan after allocation (from the report, the same
//! in every run, or the bench stops).
//!
//!     cargo bench --bench size                 # every shape and size
//!     cargo bench --bench size -- 1000 5000    # only these sizes
//!
//! The shapes (`corpus::sized`; one as a file:
//! `cargo run --release --example corpus -- sized lm-head 5000`): a chain of
//! programs with weights up to 4 KiB, each reading one or two recent outputs
//! (`random_stream`, compute near the DMA time, so the bound leaves room);
//! the flow shop with stores; the chain of mixed big weights; the LLM
//! blocks at scale: an LM head of weight tiles of 40% of LRAM (one program a
//! tile) and a decoder layer of 40-50% tiles (about ten programs a tile).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};
use torq_sched::corpus::{sized, stream_to_mlir, SIZED};

const RUNS: usize = 3;

/// One process of torq-opt on `file` with `args`: its wall time.
fn run(torq_opt: &Path, file: &Path, args: &[String]) -> Duration {
    let t = Instant::now();
    let out = Command::new(torq_opt)
        .arg(file)
        .args(args)
        .arg("-o")
        .arg("/dev/null")
        .output()
        .expect("torq-opt runs");
    let d = t.elapsed();
    assert!(
        out.status.success(),
        "torq-opt {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    d
}

/// The makespan after allocation of the one block in `report`.
fn makespan(report: &Path) -> u64 {
    let text = std::fs::read_to_string(report).expect("a report");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v["functions"]
        .as_object()
        .and_then(|f| f.values().next())
        .and_then(|blocks| blocks[0]["after_allocation"].as_u64())
        .unwrap_or(0)
}

fn main() {
    let torq_opt = Path::new(env!("CARGO_BIN_EXE_torq-opt"));
    let wanted: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes: Vec<usize> = if wanted.is_empty() {
        vec![1_000, 5_000, 20_000]
    } else {
        wanted
    };
    let dir = std::env::temp_dir().join(format!("torq-size-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    println!("| block | ops | parse+verify+print | effort 0 | effort 1 | effort 2 | effort 3 | per program (0 / 2 / 3) | makespan 0 / 1 / 2 / 3 |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for name in SIZED {
        for &programs in &sizes {
            let s = sized(name, programs).expect("a shape of the size table");
            let file = dir.join(format!("{name}-{programs}.mlir"));
            std::fs::write(&file, stream_to_mlir(&s, "f")).expect("written");
            let report = dir.join("r.json");
            let level = |e: usize| {
                vec![format!(
                    "--torq-nss-pipeline=torq-prefetch-algorithm=stream-schedule torq-prefetch-effort={e} torq-prefetch-report={}",
                    report.display()
                )]
            };
            let mut base = Duration::MAX;
            let mut best = [Duration::MAX; 4];
            let mut spans: [Option<u64>; 4] = [None; 4];
            for _ in 0..RUNS {
                base = base.min(run(torq_opt, &file, &[]));
                for (e, b) in best.iter_mut().enumerate() {
                    *b = (*b).min(run(torq_opt, &file, &level(e)));
                    let m = makespan(&report);
                    assert!(
                        spans[e].is_none_or(|s| s == m),
                        "{name}-{programs} at effort {e}: makespan {m}, where a run before gave {spans:?}"
                    );
                    spans[e] = Some(m);
                }
            }
            let x = |d: Duration| format!("{:.2}x", d.as_secs_f64() / base.as_secs_f64());
            let per = |d: Duration| format!("{:.0}", d.as_secs_f64() * 1e6 / programs as f64);
            println!(
                "| {name}-{programs} | {} | {:.0} ms | {} | {} | {} ({:.2}x e0) | {} | {} / {} / {} us | {} / {} / {} / {} |",
                s.nodes.len(),
                base.as_secs_f64() * 1e3,
                x(best[0]),
                x(best[1]),
                x(best[2]),
                best[2].as_secs_f64() / best[0].as_secs_f64(),
                x(best[3]),
                per(best[0]),
                per(best[2]),
                per(best[3]),
                spans[0].unwrap_or_default(),
                spans[1].unwrap_or_default(),
                spans[2].unwrap_or_default(),
                spans[3].unwrap_or_default()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
