//! The layering of the crate, read from its sources: no module imports one
//! that imports it back, directly or through others, among the top-level
//! modules (`sched`, `alloc`, `decide`, `ir`, `passes`, ...) and among their
//! submodules (`sched::list`, `decide::price`, ...). An import is a path
//! `crate::a[::b]` or `super::b` outside comments; a module that declares a
//! submodule does not import it by that.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// `src/sched/list.rs` -> `["sched", "list"]`; `src/decide/mod.rs` -> `["decide"]`.
fn module_of(path: &Path, src: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if !p.ends_with("bin") {
                sources(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The identifiers of a path that starts at `at` in `line`: `a::b::c`.
fn path_segments(line: &str, at: usize) -> Vec<String> {
    line[at..]
        .split("::")
        .map(|s| {
            s.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .take_while(|s| !s.is_empty())
        .collect()
}

fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let from = stack.iter().position(|x| x == n).unwrap();
                let mut c = stack[from..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in edges.keys() {
        if let Some(c) = visit(n, edges, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(f, &src)).collect();
    // The module a path names: its longest prefix that is a module.
    let resolve = |segs: &[String]| -> Vec<String> {
        (1..=segs.len())
            .rev()
            .map(|k| segs[..k].to_vec())
            .find(|p| modules.contains(p))
            .unwrap_or_else(|| segs[..1].to_vec())
    };
    let mut fine: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut top: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut imports = 0;
    for f in &files {
        let me = module_of(f, &src);
        if me.is_empty() {
            continue; // lib.rs declares the modules
        }
        let text = std::fs::read_to_string(f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for (pat, base) in [
                ("crate::", Vec::new()),
                ("super::", me[..me.len() - 1].to_vec()),
            ] {
                let mut from = 0;
                while let Some(i) = code[from..].find(pat) {
                    let at = from + i + pat.len();
                    from = at;
                    let mut segs = base.clone();
                    segs.extend(path_segments(code, at));
                    if segs.is_empty() {
                        continue;
                    }
                    let target = resolve(&segs);
                    // A module's own items, and its ancestors' (a child using
                    // its parent's items), are not imports across modules.
                    if me.starts_with(&target) || target.starts_with(&me) {
                        continue;
                    }
                    imports += 1;
                    fine.entry(me.join("::"))
                        .or_default()
                        .insert(target.join("::"));
                    if me[0] != target[0] {
                        top.entry(me[0].clone())
                            .or_default()
                            .insert(target[0].clone());
                    }
                }
            }
        }
    }
    assert!(
        imports > 100,
        "only {imports} imports read: the scan is broken"
    );
    assert!(top.contains_key("passes") && top["passes"].contains("decide"));
    if let Some(c) = cycle(&top) {
        panic!("top-level modules import each other: {}", c.join(" -> "));
    }
    if let Some(c) = cycle(&fine) {
        panic!("modules import each other: {}", c.join(" -> "));
    }
}
