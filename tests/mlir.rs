//! The dialects through melior: parsing upstream syntax in a Rust context,
//! the annotation pass run directly, the panic boundary.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Module};
use std::sync::{Arc, Mutex};
use torq_sched::ir::context::context;

const EXAMPLE: &str = include_str!("../examples/worked-example-1.mlir");
const ANNOTATE: &str =
    "torq-annotate-dma-and-slice-cycles{dma-in-mtu=4 dma-out-mtu=4 torq-hw=SL2610}";

fn first_func<'c, 'a>(module: &'a Module<'c>) -> OperationRef<'c, 'a> {
    module.body().first_operation().expect("a function")
}

/// Collects the diagnostics the context emits.
fn capture(ctx: &melior::Context) -> Arc<Mutex<Vec<String>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    ctx.attach_diagnostic_handler(move |d| {
        sink.lock().unwrap().push(d.to_string());
        true
    });
    seen
}

#[test]
fn upstream_syntax_parses_and_verifies_in_melior() {
    let ctx = context();
    let module = Module::parse(&ctx, EXAMPLE).expect("worked example parses");
    assert!(module.as_operation().verify());
    assert!(!ctx.allow_unregistered_dialects());
}

#[test]
fn annotation_runs_from_rust_and_is_idempotent() {
    let ctx = context();
    let module = Module::parse(&ctx, EXAMPLE).unwrap();
    assert!(torq_sched::passes::run(first_func(&module), ANNOTATE));
    let once = module.as_operation().to_string();
    assert!(once.contains("\"torq-async-duration-cycles\" = 30 : i64"));
    assert!(once.contains("\"torq-async-duration-cycles\" = 20 : i64"));
    assert_eq!(once.matches("torq_hw.slice_profiling").count(), 3);
    assert!(torq_sched::passes::run(first_func(&module), ANNOTATE));
    assert_eq!(module.as_operation().to_string(), once);
    assert!(module.as_operation().verify());
}

#[test]
fn a_failing_pass_leaves_the_ir_unchanged() {
    let ctx = context();
    let seen = capture(&ctx);
    let module = Module::parse(&ctx, EXAMPLE).unwrap();
    let before = module.as_operation().to_string();
    let bad = "torq-annotate-dma-and-slice-cycles{dma-in-mtu=4 dma-out-mtu=4 torq-hw=bogus}";
    assert!(!torq_sched::passes::run(first_func(&module), bad));
    assert_eq!(module.as_operation().to_string(), before);
    assert!(seen.lock().unwrap()[0].contains("invalid hardware description 'bogus'"));
}

#[test]
fn a_panic_becomes_a_located_error() {
    let ctx = context();
    let seen = capture(&ctx);
    let module = Module::parse(&ctx, EXAMPLE).unwrap();
    let ok = torq_sched::ffi::guarded(first_func(&module), "torq-x{a=1}", |_, _| panic!("boom"));
    assert!(!ok);
    assert_eq!(
        seen.lock().unwrap().as_slice(),
        ["internal error in torq-x: boom"]
    );
}
