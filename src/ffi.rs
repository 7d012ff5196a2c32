//! The C ABI between the C++ glue and Rust. MLIR's C API types (MlirOperation,
//! MlirStringRef) are the currency here, so plain `extern "C"` is the bridge.
//!
//! **No panic crosses this boundary**: a panic inside a pass is caught,
//! reported as a located error on the op the pass ran on, and the pass fails.

use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::{MlirOperation, MlirStringRef};
use std::ffi::{c_char, c_void};
#[cfg(feature = "driver")]
use std::ffi::{c_int, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[cfg(feature = "driver")]
extern "C" {
    fn torqOptMain(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

#[cfg(feature = "driver")]
/// Runs MLIR's MlirOptMain with the torq dialects and passes; returns the exit code.
pub fn opt_main(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let args: Vec<CString> = args
        .into_iter()
        .map(|a| {
            let bytes = a.into_encoded_bytes();
            CString::new(bytes).unwrap_or_else(|e| {
                let mut b = e.into_vec();
                b.retain(|&c| c != 0);
                CString::new(b).unwrap_or_default()
            })
        })
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    // SAFETY: argv is a NULL-terminated array of valid C strings that outlive the call.
    unsafe { torqOptMain(args.len() as c_int, argv.as_mut_ptr()) }
}

/// A new run's shared state (`passes::RunState`), for a pass instance of
/// the C++ shells; freed by `torqRsFreeRun`.
#[no_mangle]
pub extern "C" fn torqRsNewRun() -> *mut c_void {
    Box::into_raw(Box::new(crate::passes::RunState::default())) as *mut c_void
}

/// Frees a run made by `torqRsNewRun`.
///
/// # Safety
/// `run` comes from `torqRsNewRun` and is freed once.
#[no_mangle]
pub unsafe extern "C" fn torqRsFreeRun(run: *mut c_void) {
    if !run.is_null() {
        let state = Box::from_raw(run as *mut crate::passes::RunState);
        // Dropping writes the run's files: no panic crosses the boundary.
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(state))).is_err() {
            eprintln!("error: internal error while writing the run's files");
        }
    }
}

/// Numbers the run `run` belongs to (`torq::sched::numberRun`): its files
/// carry `.index` before their extension when `index` > 0.
///
/// # Safety
/// `run` null or a live run from `torqRsNewRun`.
#[no_mangle]
pub unsafe extern "C" fn torqRsSetRunIndex(run: *mut c_void, index: u32) {
    if let Some(state) = (run as *const crate::passes::RunState).as_ref() {
        state.set_index(index);
    }
}

/// Standalone tools only: `TORQ_LOG` debug output to stderr
/// (`crate::log::init_from_env`), for a C++ main.
#[no_mangle]
pub extern "C" fn torqInitDebugLog() {
    crate::log::init_from_env();
}

/// Called by the C++ pass shells (passes/TorqPasses.cpp).
///
/// # Safety
/// `op` must be a valid operation, `text` a valid string for the call,
/// `run` null or a live run from `torqRsNewRun`, `planned` null or a plan
/// from an earlier call (`made`) on the same operation that the pass
/// manager kept (the operation unchanged since), `made` and `unchanged`
/// null or writable. A plan written to `made` belongs to the caller
/// (`torqRsFreePlanned`); `unchanged` says the pass changed nothing.
#[no_mangle]
pub unsafe extern "C" fn torqRsRunPass(
    op: MlirOperation,
    text: MlirStringRef,
    run: *mut c_void,
    planned: *const c_void,
    made: *mut *mut c_void,
    unchanged: *mut bool,
) -> bool {
    let bytes = std::slice::from_raw_parts(text.data as *const u8, text.length);
    let text = String::from_utf8_lossy(bytes).into_owned();
    let op = OperationRef::from_raw(op);
    let fresh;
    let state: &crate::passes::RunState = if run.is_null() {
        fresh = crate::passes::RunState::default();
        &fresh
    } else {
        &*(run as *const crate::passes::RunState)
    };
    let mut analyses = crate::passes::Analyses {
        planned: (planned as *const crate::ir::allocation::Planned).as_ref(),
        ..Default::default()
    };
    let ok = guarded(op, &text, |op, text| {
        crate::passes::run_in(
            op,
            text,
            state,
            crate::passes::Effort::Resolved,
            &mut analyses,
        )
    });
    if !made.is_null() {
        *made = analyses
            .made
            .take()
            .map_or(std::ptr::null_mut(), |p| Box::into_raw(p) as *mut c_void);
    }
    if !unchanged.is_null() {
        *unchanged = ok && analyses.unchanged;
    }
    ok
}

/// Frees a plan that `torqRsRunPass` handed out (`made`).
///
/// # Safety
/// `planned` must be null or a plan from `torqRsRunPass`, freed once.
#[no_mangle]
pub unsafe extern "C" fn torqRsFreePlanned(planned: *mut c_void) {
    if !planned.is_null() {
        drop(Box::from_raw(
            planned as *mut crate::ir::allocation::Planned,
        ));
    }
}

/// The values effort level `level` gives the options a pass was not given,
/// under `torq-prefetch-algorithm` = `algorithm` (`options::effort_row`:
/// `key=value ...`, empty for none), for the C++ shells, which resolve the
/// level when their options are set. The string lives as long as the
/// program.
///
/// # Safety
/// `algorithm` must be a valid string for the call.
#[no_mangle]
pub unsafe extern "C" fn torqRsEffortRow(level: i64, algorithm: MlirStringRef) -> MlirStringRef {
    let bytes = if algorithm.data.is_null() {
        &[][..]
    } else {
        std::slice::from_raw_parts(algorithm.data as *const u8, algorithm.length)
    };
    let algorithm = String::from_utf8_lossy(bytes);
    let row = crate::options::effort_row(level, &algorithm);
    MlirStringRef {
        data: row.as_ptr() as *const c_char,
        length: row.len(),
    }
}

/// Runs `f`; a panic inside it becomes an error diagnostic on `op`
/// ("internal error in <pass>: <message>") and a `false` result.
pub fn guarded<'c, 'a>(
    op: OperationRef<'c, 'a>,
    pass_text: &str,
    f: impl FnOnce(OperationRef<'c, 'a>, &str) -> bool,
) -> bool {
    match catch_unwind(AssertUnwindSafe(|| f(op, pass_text))) {
        Ok(ok) => ok,
        Err(panic) => {
            let what = crate::panic::message(panic.as_ref());
            let pass = pass_text.split('{').next().unwrap_or("");
            crate::ir::emit_error(op.location(), &format!("internal error in {pass}: {what}"));
            false
        }
    }
}

/// Checks one option value for the C++ shells (`options::check_value`):
/// true when valid; otherwise false, with the reason passed to `on_error`.
///
/// # Safety
/// `name` and `value` are valid strings for the call; `on_error` is called
/// (at most once, during the call) with `user_data`.
#[no_mangle]
pub unsafe extern "C" fn torqRsCheckOption(
    name: MlirStringRef,
    value: MlirStringRef,
    on_error: mlir_sys::MlirStringCallback,
    user_data: *mut c_void,
) -> bool {
    let read = |s: MlirStringRef| {
        if s.data.is_null() {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length))
            .into_owned()
    };
    let name = read(name);
    // A value that is not UTF-8 (a file name of other bytes) is refused
    // here: read lossily, a file would be written under another name.
    let value = if value.data.is_null() {
        Ok(String::new())
    } else {
        std::str::from_utf8(std::slice::from_raw_parts(
            value.data as *const u8,
            value.length,
        ))
        .map(str::to_owned)
        .map_err(|_| "the value is not valid UTF-8".to_string())
    };
    let checked = catch_unwind(AssertUnwindSafe(|| {
        value.and_then(|value| crate::options::check_value(&name, &value))
    }))
    .unwrap_or_else(|p| {
        Err(format!(
            "internal error: {}",
            crate::panic::message(p.as_ref())
        ))
    });
    match checked {
        Ok(()) => true,
        Err(why) => {
            if let Some(f) = on_error {
                f(
                    MlirStringRef {
                        data: why.as_ptr() as *const c_char,
                        length: why.len(),
                    },
                    user_data,
                );
            }
            false
        }
    }
}

/// torq-sched's name, version and commit (`torq-sched 0.1.0 (abc123)`), for
/// `--version`: a static NUL-terminated string.
#[no_mangle]
pub extern "C" fn torqRsVersion() -> *const c_char {
    concat!(
        "torq-sched ",
        env!("CARGO_PKG_VERSION"),
        " (commit ",
        env!("TORQ_SCHED_COMMIT"),
        ")\0"
    )
    .as_ptr() as *const c_char
}

#[cfg(test)]
mod tests {
    use super::torqRsCheckOption;
    use mlir_sys::MlirStringRef;
    use std::ffi::c_void;

    unsafe extern "C" fn keep(m: MlirStringRef, user: *mut c_void) {
        let bytes = std::slice::from_raw_parts(m.data as *const u8, m.length);
        *(user as *mut String) = String::from_utf8_lossy(bytes).into_owned();
    }

    fn check(name: &str, value: &[u8]) -> Result<(), String> {
        let mut why = String::new();
        let s = |b: &[u8]| MlirStringRef {
            data: b.as_ptr() as *const std::ffi::c_char,
            length: b.len(),
        };
        // SAFETY: both strings live for the call; `why` is the callback's.
        let ok = unsafe {
            torqRsCheckOption(
                s(name.as_bytes()),
                s(value),
                Some(keep),
                &mut why as *mut String as *mut c_void,
            )
        };
        if ok {
            Ok(())
        } else {
            Err(why)
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
    }
}
