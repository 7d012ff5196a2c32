fn main() {
    std::process::exit(torq_sched::ffi::opt_main(std::env::args_os()));
}
