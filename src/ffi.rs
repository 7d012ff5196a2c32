use mlir_sys::{MlirOperation, MlirStringRef};
use std::ffi::{c_char, c_int, CString};

extern "C" {
    fn torqOptMain(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

/// Runs MLIR's MlirOptMain with the torq dialects and passes; returns the exit code.
pub fn opt_main(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let args: Vec<CString> = args
        .into_iter()
        .map(|a| CString::new(a.into_encoded_bytes()).expect("argument with a NUL byte"))
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    unsafe { torqOptMain(args.len() as c_int, argv.as_mut_ptr()) }
}

#[no_mangle]
pub extern "C" fn torqRsRunPass(_op: MlirOperation, _text: MlirStringRef) -> bool {
    true
}
