//! Properties of the LRAM pipeline over random functions (upstream syntax,
//! from the corpus generator): add-deallocation + assign-lram-addresses
//! either place the function, and then the independent checker accepts it,
//! or fail with `failed to allocate LRAM addresses` and leave it unchanged.
//! Never a panic. Without swaps, a placed function has no swap in it. Offline
//! placement places every function first-fit places, with no more swaps.

use melior::ir::Module;
mod common;
use common::{capture, func};
use torq_sched::ir::context::context;
use torq_sched::sched::gen::{random_stream, GenParams, Rng};

#[test]
fn random_functions_place_and_check_or_fail_cleanly() {
    let ctx = context();
    let diags = capture(&ctx);
    let mut rng = Rng::new(2026);
    let (mut placed, mut failed, mut swapped) = (0, 0, 0);
    let (mut offline_fewer, mut offline_only) = (0, 0);
    for case in 0..400 {
        let (lram_kb, max_buffer) = [(8, 3000), (16, 6000), (64, 20_000), (512, 100_000)][case % 4];
        let g = GenParams {
            programs: rng.range(1, 12) as usize,
            slices: 2,
            max_buffer,
            max_weights: rng.range(0, 3),
            barrier_percent: 10,
            held_percent: 10,
        };
        let text = torq_sched::corpus::stream_to_mlir(&random_stream(rng.next_u64(), g), "f");
        let hw = format!("0:{lram_kb}:2:coral_v1:nss_v1");
        let swaps = case % 3 != 0;
        // Both placements; offline places whatever first-fit places, with
        // no more swaps.
        let mut swaps_of = [None, None];
        for (k, placement) in ["first-fit", "offline"].into_iter().enumerate() {
            let module = Module::parse(&ctx, &text)
                .unwrap_or_else(|| panic!("case {case} does not parse:\n{text}"));
            assert!(
                torq_sched::passes::run(func(&module), "torq-add-deallocation"),
                "case {case}"
            );
            let before = module.as_operation().to_string();
            diags.lock().unwrap().clear();
            let assign = format!(
                "torq-assign-lram-addresses{{torq-hw={hw} torq-allow-swaps={swaps} torq-placement={placement}}}"
            );
            if torq_sched::passes::run(func(&module), &assign) {
                let verify = format!("torq-verify-lram{{torq-hw={hw}}}");
                let ok = torq_sched::passes::run(func(&module), &verify);
                assert!(
                    ok,
                    "case {case} ({placement}): checker rejects {:?}\n{}",
                    diags.lock().unwrap(),
                    module.as_operation()
                );
                let after = module.as_operation().to_string();
                let n = after.matches("unsafe = true").count();
                assert!(swaps || n == 0, "case {case}: a swap with swaps off");
                swaps_of[k] = Some(n);
            } else {
                let d = diags.lock().unwrap().clone();
                assert_eq!(
                    d.first().map(String::as_str),
                    Some("failed to allocate LRAM addresses"),
                    "case {case}: {d:?}"
                );
                assert!(
                    !d.iter().any(|m| m.contains("internal error")),
                    "case {case}: {d:?}"
                );
                assert_eq!(
                    module.as_operation().to_string(),
                    before,
                    "case {case}: changed on failure"
                );
            }
        }
        match swaps_of {
            [Some(ff), Some(off)] => {
                assert!(
                    off <= ff,
                    "case {case}: offline {off} swaps, first-fit {ff}"
                );
                offline_fewer += (off < ff) as usize;
            }
            [Some(_), None] => panic!("case {case}: first-fit places, offline does not"),
            [None, Some(_)] => offline_only += 1,
            [None, None] => {}
        }
        match swaps_of[0] {
            Some(n) => {
                placed += 1;
                swapped += (n > 0) as usize;
            }
            None => failed += 1,
        }
    }
    // The generator must exercise all three outcomes.
    assert!(
        placed > 100 && failed > 10 && swapped > 10,
        "placed {placed}, failed {failed}, swapped {swapped}"
    );
    // And offline placement must make a difference somewhere.
    assert!(
        offline_fewer + offline_only > 0,
        "offline fewer swaps {offline_fewer}, offline only {offline_only}"
    );
}
