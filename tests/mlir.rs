//! The dialects through melior: parsing upstream syntax in a Rust context,
//! the annotation pass run directly, the panic boundary.

use melior::ir::operation::OperationLike;
use melior::ir::{Module, RegionLike};
use torq_sched::ir::OpExt;
mod common;
use common::{capture, func as first_func};
use torq_sched::ir::context::context;

const EXAMPLE: &str = include_str!("../examples/worked-example-1.mlir");
const ANNOTATE: &str =
    "torq-annotate-dma-and-slice-cycles{dma-in-mtu=4 dma-out-mtu=4 torq-hw=SL2610}";

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

#[test]
fn worked_example_1_from_mlir_schedules_like_the_spec() {
    use torq_sched::cost::Hw;
    use torq_sched::sched::graph::StreamGraph;
    use torq_sched::sched::list::{list_schedule, ListParams};
    use torq_sched::sched::simulate::simulate_order;
    use torq_sched::sched::stream::Kind;
    let ctx = context();
    let module = Module::parse(&ctx, EXAMPLE).unwrap();
    assert!(torq_sched::passes::run(first_func(&module), ANNOTATE));
    let func = first_func(&module);
    let block = func.region_at(0).unwrap().first_block().unwrap();
    let hw = Hw::sl2610();
    let bs = torq_sched::ir::stream::block_to_stream(block, &hw)
        .map_err(|e| e.message)
        .unwrap();
    let s = &bs.stream;
    assert_eq!(s.programs.len(), 3);
    assert!(s
        .programs
        .iter()
        .all(|p| p.compute == 100 && p.input_slice == 0));
    // P3 reads o1 (a program argument in its d group) and writes o3 (q).
    let p3 = &s.nodes[s.programs[2].start];
    assert_eq!(p3.accesses.iter().filter(|a| a.write).count(), 1);
    assert_eq!(p3.accesses.iter().filter(|a| !a.write).count(), 2);
    let g = StreamGraph::build(s);
    assert_eq!(
        simulate_order(s, &g, &s.input_order(), &s.input_slices()).makespan,
        410
    );
    let sched = list_schedule(s, &g, ListParams::new(hw.usable_lram_bytes()), false).unwrap();
    let names: Vec<&str> = sched
        .order
        .iter()
        .filter(|&&v| {
            matches!(
                s.nodes[v].kind,
                Kind::Start | Kind::Wait | Kind::Load | Kind::Store
            )
        })
        .map(|&v| s.nodes[v].name.as_str())
        .collect();
    assert_eq!(
        names.join(" "),
        "L1 start P1 L2 start P2 L3 wait P1 start P3 wait P2 wait P3 S1"
    );
    assert_eq!(sched.slice_of, vec![0, 1, 0]);
    assert_eq!(sched.makespan, 250);
}
