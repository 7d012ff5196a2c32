//! Rules over the project's own source, checked as tests (rust-analyzer's
//! tidy tests work the same way): patterns that compile and pass every
//! other test but cost what no one means to pay.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A type is asked whether it is a memref (`ir::as_memref`) before it is
/// converted: melior's `MemRefType::try_from` prints a type that is not one
/// into its error, so using it as the test made every operand walk print
/// each index and program value's type. Converting a value that must be a
/// memref (an error when not) is fine; testing with it is not.
#[test]
fn memref_types_are_asked_before_they_are_converted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches", "examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("a source file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.contains("MemRefType::try_from(") {
                continue;
            }
            // The conversion and what is done with its result, up to the
            // end of the statement.
            let stmt: String = lines[i..]
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let tested = [".is_ok()", ".is_err()", ".ok()"]
                .iter()
                .any(|t| stmt.split(';').next().is_some_and(|s| s.contains(t)));
            let asked = (i.saturating_sub(3)..i).any(|j| lines[j].contains("is_mem_ref()"));
            if tested && !asked {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "use ir::as_memref to test whether a type is a memref:\n{}",
        found.join("\n")
    );
}
