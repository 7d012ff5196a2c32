//! Generates the dialects and pass shells with mlir-tblgen and compiles the
//! C++ glue. The LLVM/MLIR prefix comes from `TORQ_LLVM_PREFIX`
//! (.cargo/config.toml, the one place that sets it).
//!
//! With `TORQ_HOST_BUILD=1` (the CMake build for a host compiler) only the
//! cxx bridge's glue is compiled here: CMake builds the rest of the C++
//! against the host's MLIR (with the bridge's header from cargo's target
//! directory) and links the Rust static library, which then carries no copy
//! of MLIR.

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

/// The fields of one `TORQ_OPTION(...)` row of passes/TorqOptions.def:
/// string literals (no escapes) and bare tokens, comma-separated.
fn option_row(line: &str) -> Option<Vec<String>> {
    macro_row(line, "TORQ_OPTION")
}

/// The fields of one `NAME(...)` row of passes/TorqOptions.def.
fn macro_row(line: &str, name: &str) -> Option<Vec<String>> {
    let body = line
        .trim()
        .strip_prefix(name)?
        .strip_prefix('(')?
        .strip_suffix(')')?;
    let mut fields = Vec::new();
    let mut chars = body.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            for c in chars.by_ref() {
                if c == '"' {
                    break;
                }
                field.push(c);
            }
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                field.push(c);
                chars.next();
            }
            field = field.trim().to_string();
        }
        fields.push(field);
        match chars.next() {
            Some(',') => continue,
            None => break,
            Some(c) => panic!("TorqOptions.def: unexpected '{c}' in {line}"),
        }
    }
    Some(fields)
}

/// Rust's copy of the options table, generated from passes/TorqOptions.def:
/// `OPTIONS` (every row, options_rows.rs) and each default, typed
/// (options_defaults.rs), for src/option_table.rs.
fn options_table(out: &Path) {
    let text = std::fs::read_to_string("passes/TorqOptions.def")
        .expect("cannot read passes/TorqOptions.def");
    let mut rows = String::new();
    let mut defaults = String::new();
    let mut typed = TypedValues::default();
    // The effort table: per level, what it runs and the values it gives.
    let mut effort: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(f) = macro_row(line, "TORQ_EFFORT") {
            assert_eq!(
                f.len(),
                2,
                "TorqOptions.def: TORQ_EFFORT(LEVEL, RUNS) in {line}"
            );
            assert_eq!(
                f[0],
                effort.len().to_string(),
                "TorqOptions.def: levels in order"
            );
            effort.push((f[1].clone(), String::new()));
            continue;
        }
        if let Some(f) = macro_row(line, "TORQ_EFFORT_VALUE") {
            assert_eq!(
                f.len(),
                3,
                "TorqOptions.def: TORQ_EFFORT_VALUE(LEVEL, ARG, VALUE) in {line}"
            );
            let last = effort.len().checked_sub(1).map(|l| l.to_string());
            assert_eq!(
                last.as_deref(),
                Some(f[0].as_str()),
                "TorqOptions.def: a value after its level's TORQ_EFFORT in {line}"
            );
            let (_, values) = effort.last_mut().expect("a level");
            *values += &format!("({:?}, {:?}), ", f[1], f[2]);
            continue;
        }
        let Some(f) = option_row(line) else { continue };
        assert_eq!(f.len(), 9, "TorqOptions.def: 9 fields expected in {line}");
        let (arg, kind, def, lo, hi, choices, scope, help, doc) = (
            &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7], &f[8],
        );
        assert!(
            help.len() <= 100,
            "TorqOptions.def: {arg}'s HELP is over 100 characters"
        );
        let lo: i64 = lo.parse().expect("TorqOptions.def: MIN is an integer");
        let hi: i64 = hi.parse().expect("TorqOptions.def: MAX is an integer");
        let list = |s: &str, sep: char| {
            s.split(sep)
                .filter(|x| !x.is_empty())
                .map(|x| format!("{x:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        rows += &format!(
            "    OptionSpec {{ arg: {arg:?}, kind: OptionKind::{kind}, default: {def:?}, min: {lo}, max: {hi}, choices: &[{}], scope: &[{}], help: {help:?}, doc: {doc:?} }},\n",
            list(choices, '|'),
            list(scope, ' '),
        );
        let name = arg.to_uppercase().replace('-', "_");
        let (ty, value) = match kind.as_str() {
            "Int" => {
                let v: i64 = def
                    .parse()
                    .expect("TorqOptions.def: an Int default is an integer");
                assert!(
                    (lo..=hi).contains(&v),
                    "TorqOptions.def: {arg}'s default is out of range"
                );
                ("i64", v.to_string())
            }
            "Bool" => {
                assert!(
                    def == "true" || def == "false",
                    "TorqOptions.def: {arg}: a Bool default is true or false"
                );
                ("bool", def.clone())
            }
            "String" => ("&str", format!("{def:?}")),
            k => panic!("TorqOptions.def: unknown kind {k}"),
        };
        if !choices.is_empty() {
            assert!(
                choices.split('|').any(|c| c == def),
                "TorqOptions.def: {arg}'s default is not a choice"
            );
        }
        defaults += &format!("    /// `{arg}`: {help}\n    pub const {name}: {ty} = {value};\n");
        typed.row(arg, kind, lo, hi, choices, help);
    }
    let rows = format!(
        "/// Every row of passes/TorqOptions.def (generated by build.rs).\npub static OPTIONS: &[OptionSpec] = &[\n{rows}];\n"
    );
    std::fs::write(out.join("options_rows.rs"), rows).expect("cannot write options_rows.rs");
    std::fs::write(out.join("options_defaults.rs"), defaults)
        .expect("cannot write options_defaults.rs");
    std::fs::write(out.join("options_typed.rs"), typed.finish())
        .expect("cannot write options_typed.rs");
    let levels: String = effort
        .iter()
        .enumerate()
        .map(|(k, (runs, values))| {
            format!("    Effort {{ level: {k}, runs: {runs:?}, options: &[{values}] }},\n")
        })
        .collect();
    std::fs::write(
        out.join("options_effort.rs"),
        format!(
            "/// **The effort table**, as -O levels (`torq-prefetch-effort`), generated\n/// by build.rs from passes/TorqOptions.def (the `byEffort` columns of\n/// the option records of passes/Passes.td; docs/options.md is written\n/// from it). The algorithm is not part of it: the levels say how hard\n/// `stream-schedule` works.\npub const EFFORT: &[Effort] = &[\n{levels}];\n"
        ),
    )
    .expect("cannot write options_effort.rs");
}

/// `torq-list-policy` -> `TorqListPolicy` (`upper`) or `torqListPolicy`.
fn camel(text: &str, upper: bool) -> String {
    let mut out = String::new();
    let mut up = upper;
    for c in text.chars() {
        if c == '-' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The typed values of the options (options_typed.rs, for
/// src/options.rs): `OptionValues`, one field per row (an `Int` whose
/// range starts at 0 or above as `u64`, else `i64`; a `Bool` as `bool`; a
/// `String` with choices as an enum of them, else `String`), read from a
/// pass's options by `OptionValues::read`. Rust reads options through its
/// fields, so a misspelt option is a compile error.
#[derive(Default)]
struct TypedValues {
    enums: String,
    fields: String,
    reads: String,
    /// `OptionValues::from_set`'s fields: from the bridge's typed
    /// `OptionSet`, each checked against its row.
    from_set: String,
    /// `OptionValues::texts`' items: each value as its text.
    texts: String,
    /// `OptionValues::to_set`'s fields: each value as the bridge holds it.
    to_set: String,
}

impl TypedValues {
    fn row(&mut self, arg: &str, kind: &str, lo: i64, hi: i64, choices: &str, help: &str) {
        let field = arg.replace('-', "_");
        let (from_set, text) = match kind {
            "Int" if lo >= 0 => (
                format!("set_uint(pass, {arg:?}, s.{field}, {lo}, {hi})?"),
                format!("self.{field}.to_string()"),
            ),
            "Int" => (
                format!("set_int(pass, {arg:?}, s.{field}, {lo}, {hi})?"),
                format!("self.{field}.to_string()"),
            ),
            "Bool" => (format!("s.{field}"), format!("self.{field}.to_string()")),
            _ if choices.is_empty() => (
                format!("set_text(pass, {arg:?}, &s.{field})?"),
                format!("self.{field}.clone()"),
            ),
            _ => {
                let expected = format!("one of {}", choices.replace('|', ", "));
                (
                    format!(
                        "{{\n                let text = set_text(pass, {arg:?}, &s.{field})?;\n                {}::parse(&text).ok_or_else(|| set_invalid(pass, {arg:?}, text, {expected:?}))?\n            }}",
                        camel(arg, true)
                    ),
                    format!("self.{field}.name().to_string()"),
                )
            }
        };
        let to_set = match kind {
            "Int" if lo >= 0 => format!("i64::try_from(self.{field}).unwrap_or(i64::MAX)"),
            "Int" | "Bool" => format!("self.{field}"),
            _ if choices.is_empty() => format!("self.{field}.as_bytes().to_vec()"),
            _ => format!("self.{field}.name().as_bytes().to_vec()"),
        };
        self.to_set += &format!("            {field}: {to_set},\n");
        self.from_set += &format!("            {field}: {from_set},\n");
        self.texts += &format!("            {text},\n");
        let (ty, read) = match kind {
            "Int" if lo >= 0 => ("u64".to_string(), format!("o.uint({arg:?})?")),
            "Int" => ("i64".to_string(), format!("o.int({arg:?})?")),
            "Bool" => ("bool".to_string(), format!("o.bool({arg:?})?")),
            _ if choices.is_empty() => ("String".to_string(), format!("o.string({arg:?})?")),
            _ => {
                let name = camel(arg, true);
                let mut variants = String::new();
                let mut parse = String::new();
                let mut names = String::new();
                for c in choices.split('|') {
                    let v = camel(c, true);
                    variants += &format!("    /// `{c}`\n    {v},\n");
                    parse += &format!("            {c:?} => Some(Self::{v}),\n");
                    names += &format!("            Self::{v} => {c:?},\n");
                }
                self.enums += &format!(
                    "/// The values of `{arg}`: {help}\n#[derive(Clone, Copy, Debug, PartialEq, Eq)]\npub enum {name} {{\n{variants}}}\n\n\
impl {name} {{\n    /// The value named `text`.\n    pub fn parse(text: &str) -> Option<Self> {{\n        match text {{\n{parse}            _ => None,\n        }}\n    }}\n\n\
    /// Its name in the options.\n    pub fn name(self) -> &'static str {{\n        match self {{\n{names}        }}\n    }}\n}}\n\n"
                );
                let expected = format!("one of {}", choices.replace('|', ", "));
                let read = format!(
                    "{{\n                let text = o.string({arg:?})?;\n                {name}::parse(&text).ok_or_else(|| o.invalid({arg:?}, {expected:?}.into()))?\n            }}"
                );
                (name, read)
            }
        };
        self.fields += &format!("    /// `{arg}`: {help}\n    pub {field}: {ty},\n");
        self.reads += &format!("            {field}: {read},\n");
    }

    fn finish(self) -> String {
        format!(
            "{}/// Every option's value, typed (generated by build.rs from\n/// passes/TorqOptions.def): an option a pass's text does not name has\n/// the table's default.\n#[derive(Clone, Debug, PartialEq, Eq)]\npub struct OptionValues {{\n{}}}\n\n\
impl OptionValues {{\n    /// Every option of `o`, each checked against its row.\n    pub fn read(o: &PassOptions) -> Result<Self, OptionError> {{\n        Ok(OptionValues {{\n{}        }})\n    }}\n\n\
    /// Every option of a C++ shell's typed values `s` (pass `pass`'s),\n    /// each checked against its row.\n    pub fn from_set(pass: &str, s: &crate::option_set::OptionSet) -> Result<Self, OptionError> {{\n        Ok(OptionValues {{\n{}        }})\n    }}\n\n\
    /// Every option's value as its text, in the rows' order (`OPTIONS`).\n    pub fn texts(&self) -> Vec<String> {{\n        vec![\n{}        ]\n    }}\n\n\
    /// Every option's value as a C++ shell hands it over.\n    pub fn to_set(&self) -> crate::option_set::OptionSet {{\n        crate::option_set::OptionSet {{\n{}        }}\n    }}\n}}\n",
            self.enums, self.fields, self.reads, self.from_set, self.texts, self.to_set
        )
    }
}

/// The commit the crate is built from, for `--version`: `git rev-parse` in
/// the source tree ("unknown" outside a git checkout, e.g. a vendored copy).
fn commit() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        // Only files that exist: a missing one would rerun this script (and
        // its C++ build) on every build.
        let mut watch = vec![format!("{dir}/HEAD"), format!("{dir}/packed-refs")];
        if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watch.push(format!("{dir}/{r}"));
        }
        for f in watch.iter().filter(|f| Path::new(f).exists()) {
            println!("cargo:rerun-if-changed={f}");
        }
    }
    git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into())
}

fn main() {
    println!("cargo:rustc-env=TORQ_SCHED_COMMIT={}", commit());
    println!("cargo:rerun-if-env-changed=TORQ_LLVM_PREFIX");
    println!("cargo:rerun-if-env-changed=TORQ_HOST_BUILD");
    for dir in ["dialects", "passes", "include"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    options_table(&out);
    // The typed boundary with the pass shells: cxx generates both sides
    // from src/bridge.rs (the C++ header the shells include, and its glue,
    // compiled into this crate's library in every build).
    println!("cargo:rerun-if-changed=src/bridge.rs");
    println!("cargo:rerun-if-changed=src/option_set.rs");
    println!("cargo:rerun-if-changed=src/ir/diagnostic.rs");
    // LLVM is built without exceptions, and so is everything on this
    // boundary: no `Result` crosses it, and cxx's own C++ is told so.
    cxx_build::bridges(["src/option_set.rs", "src/ir/diagnostic.rs", "src/bridge.rs"])
        .std("c++17")
        .flag("-fno-exceptions")
        .define("RUST_CXX_NO_EXCEPTIONS", None)
        .include("passes")
        .compile("torqbridge");
    if env::var("TORQ_HOST_BUILD").is_ok_and(|v| v == "1") {
        return;
    }
    let prefix = PathBuf::from(env::var("TORQ_LLVM_PREFIX").unwrap_or("/usr/lib/llvm-22".into()));

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
        .include(out.join("cxxbridge/include"))
        .include("dialects")
        .include("passes")
        .include("include")
        .include(prefix.join("include"))
        .flag("-fno-exceptions")
        .define("RUST_CXX_NO_EXCEPTIONS", None)
        .flag("-Wno-unused-parameter")
        .flag("-Wno-comment")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .compile("torqglue");
}
