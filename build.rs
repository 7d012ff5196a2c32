//! Generates the dialects and pass shells with mlir-tblgen and compiles the
//! C++ glue. The LLVM/MLIR prefix comes from `TORQ_LLVM_PREFIX`
//! (.cargo/config.toml, the one place that sets it).
//!
//! With `TORQ_HOST_BUILD=1` (the CMake build for a host compiler) nothing is
//! compiled here: CMake builds the same C++ against the host's MLIR and links
//! the Rust static library, which then carries no copy of MLIR.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn tblgen(prefix: &Path, out: &Path, td: &str, gen: &str, file: &str, extra: &[&str]) {
    let status = Command::new(prefix.join("bin/mlir-tblgen"))
        .arg(format!("-gen-{gen}"))
        .args(extra)
        .arg("-I")
        .arg(prefix.join("include"))
        .arg("-I")
        .arg("dialects")
        .arg(td)
        .arg("-o")
        .arg(out.join(file))
        .status()
        .unwrap_or_else(|e| panic!("cannot run mlir-tblgen from {}: {e}", prefix.display()));
    assert!(status.success(), "mlir-tblgen -gen-{gen} {td} failed");
}

fn main() {
    println!("cargo:rerun-if-env-changed=TORQ_LLVM_PREFIX");
    println!("cargo:rerun-if-env-changed=TORQ_HOST_BUILD");
    for dir in ["dialects", "passes"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    if env::var("TORQ_HOST_BUILD").is_ok_and(|v| v == "1") {
        return;
    }
    let prefix = PathBuf::from(env::var("TORQ_LLVM_PREFIX").unwrap_or("/usr/lib/llvm-22".into()));
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());

    for (td, dialect, stem) in [
        ("dialects/TorqHL.td", "torq_hl", "TorqHL"),
        ("dialects/TorqHW.td", "torq_hw", "TorqHW"),
    ] {
        let d = format!("--dialect={dialect}");
        let d = [d.as_str()];
        tblgen(
            &prefix,
            &out,
            td,
            "dialect-decls",
            &format!("{stem}Dialect.h.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "dialect-defs",
            &format!("{stem}Dialect.cpp.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "attrdef-decls",
            &format!("{stem}Attrs.h.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "attrdef-defs",
            &format!("{stem}Attrs.cpp.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "typedef-decls",
            &format!("{stem}Types.h.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "typedef-defs",
            &format!("{stem}Types.cpp.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "op-decls",
            &format!("{stem}Ops.h.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "op-defs",
            &format!("{stem}Ops.cpp.inc"),
            &d,
        );
        tblgen(
            &prefix,
            &out,
            td,
            "enum-decls",
            &format!("{stem}Enums.h.inc"),
            &[],
        );
        tblgen(
            &prefix,
            &out,
            td,
            "enum-defs",
            &format!("{stem}Enums.cpp.inc"),
            &[],
        );
    }
    tblgen(
        &prefix,
        &out,
        "passes/Passes.td",
        "pass-decls",
        "TorqPasses.h.inc",
        &["-name", "Torq"],
    );

    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .files([
            "dialects/TorqHL.cpp",
            "dialects/TorqHW.cpp",
            "dialects/TorqOptMain.cpp",
            "passes/TorqPasses.cpp",
        ])
        .include(&out)
        .include("dialects")
        .include(prefix.join("include"))
        .flag("-fno-exceptions")
        .flag("-Wno-unused-parameter")
        .flag("-Wno-comment")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .compile("torqglue");
}
