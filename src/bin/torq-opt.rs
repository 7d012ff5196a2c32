//! torq-opt: MLIR's opt driver with the torq dialects and passes.
//! Debug output: `TORQ_LOG=<pass-argument>=debug` (tracing, to stderr).

fn main() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("TORQ_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("off"));
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter)
        .init();
    std::process::exit(torq_sched::ffi::opt_main(std::env::args_os()));
}
