//! The C entry points that stay C: torq-opt's main (MLIR's MlirOptMain, in
//! C++) and the debug log a standalone tool's C++ main turns on. The pass
//! shells reach Rust through the typed bridge (`crate::bridge`); the guard
//! below is what that bridge runs a pass in.
//!
//! **No panic crosses this boundary**: a panic inside a pass is caught,
//! reported as a located error on the op the pass ran on, and the pass fails.

use melior::ir::operation::{OperationLike, OperationRef};
#[cfg(feature = "driver")]
use std::ffi::{c_char, c_int, CString};
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

/// Standalone tools only: `TORQ_LOG` debug output to stderr
/// (`crate::log::init_from_env`), for a C++ main.
#[no_mangle]
pub extern "C" fn torqInitDebugLog() {
    crate::log::init_from_env();
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
