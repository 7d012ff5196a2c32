//! Writes generated functions in upstream syntax (see src/corpus.rs).
//!
//!     cargo run --example corpus -- random SEED PROGRAMS > file.mlir

use torq_sched::sched::gen::{random_stream, GenParams};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let programs = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let stream = random_stream(seed, GenParams::small(programs));
    print!("{}", torq_sched::corpus::stream_to_mlir(&stream, "random"));
}
