//! torq-opt: MLIR's opt driver with the torq dialects and passes.
//!
//! Debug output: `TORQ_LOG=<pass-argument>=<level>[,...]` (`torq_sched::log`).

fn main() {
    torq_sched::log::init_from_env();
    std::process::exit(torq_sched::ffi::opt_main(std::env::args_os()));
}
