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
    "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=SL2610}";

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
    let bad =
        "torq-annotate-dma-and-slice-cycles{torq-dma-in-mtu=4 torq-dma-out-mtu=4 torq-hw=bogus}";
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

/// A host whose dialects have no verifiers hands the passes whatever it
/// has: the passes check the facts they compute with themselves. Here the
/// verifier is bypassed by editing a verified module in place (a load whose
/// operands are swapped, a load whose byte count disagrees with its memref):
/// the annotation and PrefetchInputs refuse both with a located error and
/// leave the IR as it was.
#[test]
fn passes_check_transfers_whatever_the_verifier_did() {
    use melior::ir::operation::OperationMutLike;
    use melior::ir::ValueLike;
    const LOAD: &str = r#"
func.func @f(%x: memref<64xi8>) {
  %a = memref.alloc() : memref<64xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x : memref<64xi8> to %a : memref<64xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 64 : i64}
  return
}
"#;
    let passes = [
        ANNOTATE,
        "torq-prefetch-inputs{torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo}",
    ];
    for (case, expected) in [
        (
            "swapped",
            "torq_hl.load copies xram -> lram, got lram -> xram",
        ),
        (
            "short",
            "transfers 60 bytes (prod(shape) * element_size_bytes) but the memref holds 64 bytes",
        ),
    ] {
        for pass in passes {
            let ctx = context();
            let seen = capture(&ctx);
            let module = Module::parse(&ctx, LOAD).unwrap();
            let f = first_func(&module);
            let body = torq_sched::ir::body(f).unwrap();
            let load = torq_sched::ir::block_ops(body)
                .into_iter()
                .find(|o| torq_sched::ir::op_name(o) == "torq_hl.load")
                .unwrap();
            let (out, inp) = (load.operand_at(0).unwrap(), load.operand_at(1).unwrap());
            let mut m = unsafe { melior::ir::operation::OperationRefMut::from_raw(load.to_raw()) };
            match case {
                "swapped" => unsafe {
                    mlir_sys::mlirOperationSetOperand(load.to_raw(), 0, inp.to_raw());
                    mlir_sys::mlirOperationSetOperand(load.to_raw(), 1, out.to_raw());
                },
                _ => m.set_attribute("element_size_bytes", torq_sched::ir::i64_attr(&ctx, 60)),
            }
            let before = module.as_operation().to_string();
            assert!(!torq_sched::passes::run(f, pass), "{case} {pass}");
            assert_eq!(module.as_operation().to_string(), before, "{case} {pass}");
            let seen = seen.lock().unwrap();
            assert!(
                seen.iter().any(|m| m.contains(expected)),
                "{case} {pass}: {seen:?}"
            );
        }
    }
}

/// The type memo reads a type once per scope, forgets it when the scope
/// ends, and memoises nothing outside a scope.
#[test]
fn type_facts_are_memoised_within_a_pass_run_only() {
    use std::cell::Cell;
    let ctx = context();
    let ty = melior::ir::Type::parse(&ctx, "memref<16xi8>").unwrap();
    let reads = Cell::new(0);
    let read = |t: melior::ir::Type| {
        reads.set(reads.get() + 1);
        torq_sched::ir::buffer_type(t)
    };
    let memo = torq_sched::ir::memo::buffer_type;
    assert_eq!(memo(ty, read).unwrap().shape, vec![16]);
    assert_eq!(memo(ty, read).unwrap().shape, vec![16]);
    assert_eq!(reads.get(), 2, "outside a scope every call reads");
    torq_sched::ir::memo::scope(|| {
        for _ in 0..3 {
            assert_eq!(memo(ty, read).unwrap().shape, vec![16]);
        }
        // A nested scope shares the outer one's memo.
        torq_sched::ir::memo::scope(|| memo(ty, read).unwrap());
    });
    assert_eq!(reads.get(), 3, "one read inside the scope");
    torq_sched::ir::memo::scope(|| memo(ty, read).unwrap());
    assert_eq!(reads.get(), 4, "a new scope reads again");
}

/// The corpus writer's styles (padded strided encodings, transfers split
/// through subviews, weights as map_bindings) write modules that parse,
/// verify and compile: the stream read back reserves a padded buffer's
/// encoded size, and the default pipeline's allocation passes the checker.
#[test]
fn every_corpus_style_writes_a_module_the_pipeline_compiles() {
    use torq_sched::corpus::{stream_to_mlir_with, Style};
    let hw = "0:512:2:coral_v1:nss_v1";
    let stream = torq_sched::corpus::mixed_weights(6, 1);
    let plain = torq_sched::ir::context::context();
    let base = Module::parse(&plain, &torq_sched::corpus::stream_to_mlir(&stream, "f")).unwrap();
    let reserved = |m: &Module| -> u64 {
        let block = first_func(m).region_at(0).unwrap().first_block().unwrap();
        let hw = torq_sched::cost::Hw::parse(hw).unwrap();
        let bs = torq_sched::ir::stream::block_to_stream(block, &hw)
            .map_err(|e| e.message)
            .unwrap();
        bs.stream
            .buffers
            .iter()
            .filter(|b| b.lram)
            .map(|b| b.bytes)
            .sum()
    };
    let plain_bytes = reserved(&base);
    for style in [
        Style {
            padded_every: 1,
            ..Default::default()
        },
        Style {
            split_every: 1,
            ..Default::default()
        },
        Style {
            constant_weights: true,
            padded_every: 2,
            split_every: 2,
            ..Default::default()
        },
    ] {
        let ctx = context();
        let seen = capture(&ctx);
        let text = stream_to_mlir_with(&stream, "f", style);
        if style.padded_every > 0 {
            assert!(text.contains("padding = 16") && text.contains("unsafe = true"));
        }
        if style.split_every > 0 {
            assert!(text.contains("memref.subview"));
        }
        let module = Module::parse(&ctx, &text).unwrap_or_else(|| panic!("{style:?}:\n{text}"));
        assert!(module.as_operation().verify(), "{style:?}");
        // Each padded buffer reserves 24 bytes beyond the bytes it moves.
        let padded = text
            .lines()
            .filter(|l| l.contains("memref.alloc()") && l.contains("padding = 16"))
            .count();
        assert_eq!(padded > 0, style.padded_every > 0, "{style:?}");
        assert_eq!(
            reserved(&module),
            plain_bytes + 24 * padded as u64,
            "{style:?}"
        );
        // The pipeline's passes, at their defaults.
        for pass in [
            format!("torq-annotate-dma-and-slice-cycles{{torq-hw={hw}}}"),
            format!("torq-prefetch-inputs{{torq-prefetch-algorithm=stream-schedule torq-hw={hw}}}"),
            "torq-add-deallocation".to_string(),
            format!("torq-assign-lram-addresses{{torq-hw={hw} torq-allow-swaps=true}}"),
        ] {
            assert!(
                torq_sched::passes::run(first_func(&module), &pass),
                "{style:?} {pass}: {:?}",
                seen.lock().unwrap()
            );
        }
        let verify = format!("torq-verify-lram{{torq-hw={hw}}}");
        assert!(
            torq_sched::passes::run(first_func(&module), &verify),
            "{style:?}"
        );
    }
}

/// Memory edges use the bytes a transfer touches: a broadcast load (zero
/// stride) of a 256-byte buffer reads its first 64 bytes only; a dense load
/// of a view reads the view's bytes.
#[test]
fn a_strided_transfer_accesses_the_bytes_it_touches() {
    use torq_sched::cost::Hw;
    const SRC: &str = r#"
!L = memref<256xi8, #torq_hl<enc mem_space = lram>>
func.func @f(%x: memref<512xi8>) {
  %v = memref.subview %x[256] [256] [1] : memref<512xi8> to memref<256xi8, strided<[1], offset: 256>>
  %a = memref.alloc() : !L
  torq_hl.load %x : memref<512xi8> to %a : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64: 0>, shape = array<i64: 4>, unsafe = true}
  %b = memref.alloc() : !L
  torq_hl.load %v : memref<256xi8, strided<[1], offset: 256>> to %b : !L {element_size_bytes = 64 : i64, input_strides_bytes = array<i64: 64>, shape = array<i64: 4>}
  return
}
"#;
    let ctx = context();
    let module = Module::parse(&ctx, SRC).unwrap();
    let func = first_func(&module);
    let block = func.region_at(0).unwrap().first_block().unwrap();
    let bs = torq_sched::ir::stream::block_to_stream(block, &Hw::sl2610())
        .map_err(|e| e.message)
        .unwrap();
    let reads: Vec<(u64, u64)> = bs
        .stream
        .nodes
        .iter()
        .flat_map(|n| n.accesses.iter())
        .filter(|a| !a.write)
        .map(|a| (a.start, a.end))
        .collect();
    assert_eq!(reads, vec![(0, 64), (256, 512)]);
}

/// The corpus's strided transfers (the same bytes, and broadcast loads)
/// and stores inside `scf.if` verify, and the whole pipeline compiles them
/// at its defaults and with stream-schedule.
#[test]
fn strided_and_nested_corpus_styles_compile() {
    use torq_sched::corpus::{stream_to_mlir_with, Style};
    let style = Style {
        strided_every: 1,
        nested_every: 2,
        ..Default::default()
    };
    let text = stream_to_mlir_with(&torq_sched::corpus::lm_head(4), "f", style);
    assert!(
        text.contains("strides_bytes = array<i64: 0>"),
        "a broadcast"
    );
    assert!(text.contains("shape = array<i64: 4>"));
    assert!(text.contains("scf.if %true {"));
    for algorithm in ["auto", "stream-schedule"] {
        let ctx = context();
        let seen = capture(&ctx);
        let module = Module::parse(&ctx, &text).unwrap_or_else(|| panic!("{text}"));
        assert!(module.as_operation().verify());
        for pass in [
            "torq-annotate-dma-and-slice-cycles".to_string(),
            format!("torq-prefetch-inputs{{torq-prefetch-algorithm={algorithm}}}"),
            "torq-add-deallocation".to_string(),
            "torq-assign-lram-addresses".to_string(),
            "torq-verify-lram".to_string(),
        ] {
            assert!(
                torq_sched::passes::run(first_func(&module), &pass),
                "{algorithm} {pass}: {:?}",
                seen.lock().unwrap()
            );
        }
    }
}

/// The facts a pass checked are handed on (`ir::facts::Checked`) and the
/// passes after trust them only while the function keeps its ops: one op
/// more (a second dealloc of a buffer) and the next pass checks again, and
/// finds it.
#[test]
fn handed_on_facts_hold_only_while_the_function_keeps_its_ops() {
    use torq_sched::ir::facts::Checked;
    use torq_sched::passes::{run_in, Analyses, Given, RunState};
    let ctx = context();
    let seen = capture(&ctx);
    let module = Module::parse(&ctx, EXAMPLE).unwrap();
    let f = first_func(&module);
    let state = RunState::default();
    let mut a = Analyses::default();
    let prefetch = "torq-prefetch-inputs{torq-prefetch-algorithm=stream-schedule torq-hw=SL2610}";
    assert!(run_in(f, Given::Text(ANNOTATE), &state, &mut a));
    assert!(a.checked.knows_across(false) && !a.checked.knows_within(2));
    assert!(run_in(f, Given::Text(prefetch), &state, &mut a));
    assert!(run_in(
        f,
        Given::Text("torq-add-deallocation"),
        &state,
        &mut a
    ));
    let handed = a.checked;
    assert!(handed.knows_across(false) && !handed.knows_across(true));
    assert!(handed.knows_within(2) && !handed.knows_within(1));
    assert_eq!(handed.of(f), handed);
    let body = torq_sched::ir::body(f).unwrap();
    let dealloc = torq_sched::ir::block_ops(body)
        .into_iter()
        .find(|o| torq_sched::ir::op_name(o) == "memref.dealloc")
        .expect("AddDeallocation freed a buffer");
    // SAFETY: a clone of a live op, handed to the block that holds it.
    unsafe {
        let again = mlir_sys::mlirOperationClone(dealloc.to_raw());
        mlir_sys::mlirBlockInsertOwnedOperationAfter(body.to_raw(), dealloc.to_raw(), again);
    }
    assert_eq!(handed.of(f), Checked::NOTHING);
    let mut b = Analyses {
        checked: handed,
        ..Default::default()
    };
    let assign = "torq-assign-lram-addresses{torq-hw=SL2610}";
    assert!(!run_in(f, Given::Text(assign), &state, &mut b));
    let seen = seen.lock().unwrap();
    assert!(
        seen.iter()
            .any(|m| m.contains("this buffer was already deallocated at")),
        "{seen:?}"
    );
}
