//! The typed boundary between the C++ pass shells (passes/TorqPasses.cpp)
//! and the Rust passes, declared once, here, as a `#[cxx::bridge]`: cxx
//! generates the C++ declarations the shells include
//! (`torq-sched/src/bridge.rs.h`) and checks both sides against this one
//! declaration at build time. The run state, a function's plan and its known
//! facts cross as Rust-owned boxes (`rust::Box<Run>`, `rust::Box<Plan>`,
//! `rust::Box<Facts>`), never as
//! `void*`; strings cross as byte slices, so a value that is not UTF-8 is
//! refused by the option check instead of being read lossily.
//!
//! Two more bridges sit below this one: the options' typed values
//! (`option_set`, generated) and the diagnostics Rust emits through MLIR's
//! C++ (`ir::diagnostic`, with notes). The host-facing C API
//! (include/torq-sched/TorqCAPI.h: registration, the dialects, the debug
//! log) stays MLIR's C convention. cxx's C++ is built without exceptions
//! (`RUST_CXX_NO_EXCEPTIONS`, as LLVM): no `Result` crosses.
//!
//! **No panic crosses this boundary**: a panic inside a pass is caught,
//! reported as a located error on the op the pass ran on, and the pass fails;
//! a panic in the option check is its error message.

use crate::ir::allocation::Planned;
use crate::ir::facts::Checked;
use crate::passes::RunState;
use melior::ir::operation::OperationRef;
use std::mem::ManuallyDrop;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::option_set::OptionSet;

#[cxx::bridge(namespace = "torq::bridge")]
mod ffi {
    /// What the option check says of a value: valid, or why not.
    struct OptionCheck {
        valid: bool,
        error: String,
    }

    extern "Rust" {
        /// What the instances of one pass share in a run (its report, trace
        /// and memory-map files, written when the last instance drops it).
        type Run;
        /// A function's plan, held between passes as an MLIR analysis (None
        /// inside: no plan).
        type Plan;
        /// What is known to hold of a function's facts (`ir::facts::Checked`),
        /// held between passes as an MLIR analysis.
        type Facts;
        /// What one run of a pass on an operation gave.
        type PassRun;

        /// A new run's state.
        fn new_run() -> Box<Run>;
        /// Numbers the run `run` belongs to: its files carry `.index` before
        /// their extension when `index` > 0.
        fn set_run_index(run: &Run, index: u32);
        /// Runs the pass `pass` (its argument), which holds the options of
        /// the table's scope `scope`, with the values `options` (the effort
        /// level already resolved), on `op`, with the function's plan
        /// `planned` and its facts `known` (null: none).
        ///
        /// # Safety
        /// `op` is a live operation; `planned` null or a plan an earlier run
        /// on the same, unchanged operation made; `known` null or facts a run
        /// on the same operation handed on, kept by every pass since.
        unsafe fn run_pass(
            op: *mut Operation,
            pass: &[u8],
            scope: &[u8],
            options: &OptionSet,
            run: &Run,
            planned: *const Plan,
            known: *const Facts,
        ) -> Box<PassRun>;
        /// The pass succeeded (else it has emitted its diagnostics).
        fn succeeded(self: &PassRun) -> bool;
        /// The pass changed nothing: every analysis holds.
        fn unchanged(self: &PassRun) -> bool;
        /// The pass made a plan of the function as it leaves it.
        fn made_plan(self: &PassRun) -> bool;
        /// That plan, taken out (an empty plan when none was made).
        fn take_plan(self: &mut PassRun) -> Box<Plan>;
        /// The pass leaves facts known of the function that it claims to
        /// keep (the analysis is to be preserved, holding `take_facts`).
        fn keeps_facts(self: &PassRun) -> bool;
        /// Those facts.
        fn take_facts(self: &PassRun) -> Box<Facts>;
        /// The values effort level `level` gives the options a pass was not
        /// given under `torq-prefetch-algorithm` = `algorithm`, as
        /// `key=value ...` (empty for none).
        fn effort_row(level: i64, algorithm: &[u8]) -> &'static str;
        /// Checks `value` for the option `name` (its range, its choices, a
        /// hardware description, UTF-8).
        fn check_option(name: &[u8], value: &[u8]) -> OptionCheck;
        /// "torq-sched <version> (commit <hash>)".
        fn version() -> &'static str;
    }

    unsafe extern "C++" {
        include!("torq-sched/src/option_set.rs.h");
        /// Every option's value, typed (src/option_set.rs, generated).
        type OptionSet = crate::option_set::OptionSet;
    }

    unsafe extern "C++" {
        include!("TorqBridge.h");
        /// An MLIR operation (mlir::Operation), only ever behind a pointer.
        #[namespace = "mlir"]
        type Operation;
    }
}

/// A run's state; dropping it writes the run's files, a panic there
/// becoming a message on stderr (it cannot cross into C++).
pub struct Run(ManuallyDrop<RunState>);

impl Run {
    fn state(&self) -> &RunState {
        &self.0
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        // SAFETY: drop runs once, and nothing reads the state after it.
        let state = unsafe { ManuallyDrop::take(&mut self.0) };
        if catch_unwind(AssertUnwindSafe(|| drop(state))).is_err() {
            eprintln!("error: internal error while writing the run's files");
        }
    }
}

/// A function's plan, or none.
pub struct Plan(Option<Box<Planned>>);

/// A function's known facts.
pub struct Facts(Checked);

/// What one run of a pass gave.
pub struct PassRun {
    ok: bool,
    unchanged: bool,
    made: Option<Box<Planned>>,
    checked: Checked,
}

impl PassRun {
    fn succeeded(&self) -> bool {
        self.ok
    }

    fn unchanged(&self) -> bool {
        self.unchanged
    }

    fn made_plan(&self) -> bool {
        self.made.is_some()
    }

    fn take_plan(&mut self) -> Box<Plan> {
        Box::new(Plan(self.made.take()))
    }

    fn keeps_facts(&self) -> bool {
        self.checked.knows_any()
    }

    fn take_facts(&self) -> Box<Facts> {
        Box::new(Facts(self.checked))
    }
}

fn new_run() -> Box<Run> {
    Box::new(Run(ManuallyDrop::new(RunState::default())))
}

fn set_run_index(run: &Run, index: u32) {
    run.state().set_index(index);
}

/// # Safety
/// As declared in the bridge.
unsafe fn run_pass(
    op: *mut ffi::Operation,
    pass: &[u8],
    scope: &[u8],
    options: &OptionSet,
    run: &Run,
    planned: *const Plan,
    known: *const Facts,
) -> Box<PassRun> {
    // The argument and the scope are a pass's own (ASCII).
    let pass = String::from_utf8_lossy(pass);
    let scope = String::from_utf8_lossy(scope);
    let op = OperationRef::from_raw(mlir_sys::MlirOperation { ptr: op.cast() });
    let mut analyses = crate::passes::Analyses {
        planned: planned.as_ref().and_then(|p| p.0.as_deref()),
        checked: known.as_ref().map_or(Checked::NOTHING, |k| k.0),
        ..Default::default()
    };
    let ok = crate::ffi::guarded(op, &pass, |op, _| {
        crate::passes::run_in(
            op,
            crate::passes::Given::Held {
                pass: &pass,
                scope: &scope,
                options,
            },
            run.state(),
            &mut analyses,
        )
    });
    Box::new(PassRun {
        ok,
        unchanged: ok && analyses.unchanged,
        made: if ok { analyses.made.take() } else { None },
        checked: if ok {
            analyses.checked
        } else {
            Checked::NOTHING
        },
    })
}

fn effort_row(level: i64, algorithm: &[u8]) -> &'static str {
    crate::options::effort_row(level, &String::from_utf8_lossy(algorithm))
}

fn check_option(name: &[u8], value: &[u8]) -> ffi::OptionCheck {
    let checked = catch_unwind(AssertUnwindSafe(|| {
        // A value that is not UTF-8 (a file name of other bytes) is refused
        // here: read lossily, a file would be written under another name.
        let value =
            std::str::from_utf8(value).map_err(|_| "the value is not valid UTF-8".to_string())?;
        crate::options::check_value(&String::from_utf8_lossy(name), value)
    }))
    .unwrap_or_else(|p| {
        Err(format!(
            "internal error: {}",
            crate::panic::message(p.as_ref())
        ))
    });
    match checked {
        Ok(()) => ffi::OptionCheck {
            valid: true,
            error: String::new(),
        },
        Err(error) => ffi::OptionCheck {
            valid: false,
            error,
        },
    }
}

fn version() -> &'static str {
    concat!(
        "torq-sched ",
        env!("CARGO_PKG_VERSION"),
        " (commit ",
        env!("TORQ_SCHED_COMMIT"),
        ")"
    )
}

#[cfg(test)]
mod tests {
    use super::check_option;

    fn check(name: &str, value: &[u8]) -> Result<(), String> {
        let c = check_option(name.as_bytes(), value);
        if c.valid {
            Ok(())
        } else {
            Err(c.error)
        }
    }

    /// A file name that is not UTF-8 is refused where it is parsed, not
    /// written under another (lossy) name.
    #[test]
    fn a_value_that_is_not_utf8_is_refused() {
        assert_eq!(check("torq-prefetch-report", b"r.json"), Ok(()));
        assert_eq!(
            check("torq-prefetch-report", b"a\xff\xfeb.json"),
            Err("the value is not valid UTF-8".into())
        );
        assert!(check("torq-oracle-steps", b"12").is_ok());
        assert!(check("torq-oracle-steps", b"1e3").is_err());
    }
}
