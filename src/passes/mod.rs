//! The Rust passes, one file each, named after the pass argument (which is
//! also the tracing target and the lit test file name). `run` is what the C++
//! shells of passes/TorqPasses.cpp call.

pub mod torq_add_deallocation;
pub mod torq_annotate_dma_and_slice_cycles;
pub mod torq_assign_lram_addresses;
pub mod torq_prefetch_inputs;
pub mod torq_recover_lram_residency;
pub mod torq_verify_lram;

use crate::ir::facts::Checked;
use crate::options::PassOptions;

/// Every pass's argument (also its tracing target), in pipeline order.
pub const NAMES: &[&str] = &[
    torq_annotate_dma_and_slice_cycles::NAME,
    torq_prefetch_inputs::NAME,
    torq_add_deallocation::NAME,
    torq_recover_lram_residency::NAME,
    torq_assign_lram_addresses::NAME,
    torq_verify_lram::NAME,
];
use melior::ir::operation::OperationRef;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

/// What the runs of one pass instance share (the instance and its clones
/// under the threaded pass manager, so one pipeline run): the files it
/// writes and the lock of its explain output. Created with the pass, freed
/// with it; no state outlives the run.
///
/// **Each file is written once, when the run ends** (the state is dropped
/// with the last instance: the pass manager's end, as MLIR's timing report),
/// with every function the run published in key order, so the file is the
/// same whatever the thread order and costs time linear in its entries. A
/// function only adds its entry, under a short lock; the first entry of a
/// path checks that the file can be written, so a bad path is a located
/// error and a failed pass.
#[derive(Default)]
pub struct RunState {
    /// Per path, each function's entry as compact JSON text (a function's
    /// blocks; its trace events): a parsed document of thousands of
    /// functions would take ten times the file's size.
    reports: Mutex<BTreeMap<String, RunFile<String>>>,
    traces: Mutex<BTreeMap<String, RunFile<String>>>,
    /// SVG files (memory maps): per path, the panels.
    pictures: Mutex<BTreeMap<String, RunFile<crate::memory_map::Panel>>>,
    explain: Mutex<()>,
    /// The run's number in its process (`torq::sched::numberRun`; 0 when
    /// not numbered): the files of run k > 0 are named `stem.k.ext`.
    index: std::sync::atomic::AtomicU32,
}

/// `path` for run `index`: as given for run 0, else with `.index` before
/// the file name's extension (`r.json` -> `r.1.json`, `r` -> `r.1`).
pub fn run_path(path: &str, index: u32) -> String {
    if index == 0 {
        return path.to_string();
    }
    let name_at = path.rfind('/').map_or(0, |i| i.saturating_add(1));
    match path[name_at..].rfind('.').filter(|&i| i > 0) {
        Some(dot) => {
            let (stem, ext) = path.split_at(name_at.saturating_add(dot));
            format!("{stem}.{index}{ext}")
        }
        None => format!("{path}.{index}"),
    }
}

/// One file of the run: its entries by function (name, location).
struct RunFile<T> {
    entries: BTreeMap<(String, String), Vec<T>>,
}

impl<T> Default for RunFile<T> {
    fn default() -> Self {
        Self {
            entries: BTreeMap::new(),
        }
    }
}

impl<T> RunFile<T> {
    /// The entries under their keys, in key order: a function's name; when
    /// two locations share a name, `name@location`; when two functions
    /// share both (two nested modules), `name@location#k` from 1, in the
    /// order of `order` (their content), so every function appears and the
    /// file does not depend on which thread published first.
    fn keyed<K: Ord>(&mut self, order: impl Fn(&T) -> K) -> Vec<(String, &T)> {
        for values in self.entries.values_mut() {
            values.sort_by_cached_key(|v| order(v));
        }
        let mut locations: BTreeMap<&str, usize> = BTreeMap::new();
        for (name, _) in self.entries.keys() {
            let n = locations.entry(name.as_str()).or_default();
            *n = n.saturating_add(1);
        }
        let mut out = Vec::new();
        for ((name, loc), values) in &self.entries {
            let shared = locations.get(name.as_str()).is_some_and(|&n| n > 1);
            let several = values.len() > 1;
            for (k, v) in (1usize..).zip(values.iter()) {
                let key = match (shared, several) {
                    (_, true) => format!("{name}@{loc}#{k}"),
                    (true, false) => format!("{name}@{loc}"),
                    (false, false) => name.clone(),
                };
                out.push((key, v));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}

/// Adds `value` to `path`'s file in `files`; the first entry of a path
/// creates (truncates) the file, so that one that cannot be written fails
/// the function that asked for it.
fn publish<T>(
    files: &Mutex<BTreeMap<String, RunFile<T>>>,
    path: &str,
    key: &str,
    loc: &str,
    value: T,
) -> Result<(), String> {
    let mut files = lock(files);
    if !files.contains_key(path) {
        std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    files
        .entry(path.to_string())
        .or_default()
        .entries
        .entry((key.to_string(), loc.to_string()))
        .or_default()
        .push(value);
    Ok(())
}

impl RunState {
    /// Adds one function's block reports under `key` (at `loc`) to the
    /// report file `path`: `{"version", "producer", "functions": {key:
    /// [block...]}}`. docs/report.schema.json is its schema.
    pub fn publish_report(
        &self,
        path: &str,
        key: &str,
        loc: &str,
        blocks: Value,
    ) -> Result<(), String> {
        let text = serde_json::to_string(&blocks).map_err(|e| e.to_string())?;
        publish(&self.reports, &self.file_path(path), key, loc, text)
    }

    /// Adds one function's trace events (`sched::explain::trace_events` of
    /// its blocks) under `key` to the Chrome trace file `path`: one process
    /// per function of the run, in key order.
    pub fn publish_trace(
        &self,
        path: &str,
        key: &str,
        loc: &str,
        events: Vec<Value>,
    ) -> Result<(), String> {
        let text = serde_json::to_string(&events).map_err(|e| e.to_string())?;
        publish(&self.traces, &self.file_path(path), key, loc, text)
    }

    /// Adds `panel` (function `key` at `loc`) to the memory-map SVG file
    /// `path`: the run's panels in key order.
    pub fn publish_map(
        &self,
        path: &str,
        key: &str,
        loc: &str,
        panel: crate::memory_map::Panel,
    ) -> Result<(), String> {
        publish(&self.pictures, &self.file_path(path), key, loc, panel)
    }

    /// Numbers the run (see `index`).
    pub fn set_index(&self, index: u32) {
        self.index
            .store(index, std::sync::atomic::Ordering::Relaxed);
    }

    /// The file this run writes for the option value `path`.
    pub fn file_path(&self, path: &str) -> String {
        run_path(path, self.index.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Held while one function's explain output goes to stderr.
    pub fn explain_lock(&self) -> MutexGuard<'_, ()> {
        lock(&self.explain)
    }

    /// Writes every file of the run, each once; the first failure is
    /// returned (the others are still written).
    pub fn write_files(&self) -> Result<(), String> {
        let mut first = Ok(());
        let mut note = |r: Result<(), String>| {
            if first.is_ok() {
                first = r;
            }
        };
        // Written as they are serialised: one function's entry parsed at a
        // time (LazyReport, LazyTrace), so memory stays the stored text.
        for (path, file) in lock(&self.reports).iter_mut() {
            note(write_pretty(path, &LazyReport(&file.keyed(Clone::clone))));
        }
        for (path, file) in lock(&self.traces).iter_mut() {
            note(write_pretty(path, &LazyTrace(&file.keyed(Clone::clone))));
        }
        for (path, file) in lock(&self.pictures).iter_mut() {
            let panels: Vec<crate::memory_map::Panel> = file
                .keyed(|p| format!("{p:?}"))
                .into_iter()
                .map(|(_, p)| p.clone())
                .collect();
            note(
                std::fs::write(path, crate::memory_map::svg(&panels))
                    .map_err(|e| format!("cannot write {path}: {e}")),
            );
        }
        first
    }
}

/// The report file's document: `{"functions": {key: [block...]},
/// "producer", "version"}` (keys in order), each function's blocks parsed
/// from their stored text as they are written.
struct LazyReport<'a>(&'a [(String, &'a String)]);

impl serde::Serialize for LazyReport<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Functions<'a>(&'a [(String, &'a String)]);
        impl serde::Serialize for Functions<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (key, text) in self.0 {
                    let v: Value = serde_json::from_str(text).map_err(serde::ser::Error::custom)?;
                    m.serialize_entry(key, &v)?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(3))?;
        m.serialize_entry("functions", &Functions(self.0))?;
        m.serialize_entry(
            "producer",
            concat!("torq-sched ", env!("CARGO_PKG_VERSION")),
        )?;
        m.serialize_entry("version", &crate::decide::REPORT_VERSION)?;
        m.end()
    }
}

/// The Chrome trace file's document (`sched::explain::chrome_trace_file`'s
/// form): `{"otherData", "traceEvents"}`, one process per function in key
/// order, each function's events parsed from their stored text as they are
/// written.
struct LazyTrace<'a>(&'a [(String, &'a String)]);

impl serde::Serialize for LazyTrace<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        struct Events<'a>(&'a [(String, &'a String)]);
        impl serde::Serialize for Events<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(None)?;
                for (pid, (key, text)) in (1u64..).zip(self.0) {
                    let events: Vec<Value> =
                        serde_json::from_str(text).map_err(serde::ser::Error::custom)?;
                    for e in crate::sched::explain::process_events(pid, key, events) {
                        seq.serialize_element(&e)?;
                    }
                }
                seq.end()
            }
        }
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("otherData", &crate::sched::explain::trace_other_data())?;
        m.serialize_entry("traceEvents", &Events(self.0))?;
        m.end()
    }
}

/// `doc` pretty-printed to the file `path`, as it is serialised.
fn write_pretty(path: &str, doc: &impl serde::Serialize) -> Result<(), String> {
    use std::io::Write;
    let err = |e: &dyn std::fmt::Display| format!("cannot write {path}: {e}");
    let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| err(&e))?);
    serde_json::to_writer_pretty(&mut w, doc).map_err(|e| err(&e))?;
    w.write_all(b"\n")
        .and_then(|()| w.flush())
        .map_err(|e| err(&e))
}

/// The state behind `m`, whether or not a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Drop for RunState {
    /// The run's end: its files are written. A file that cannot be written
    /// now (its path was writable at its first entry) is an error on
    /// stderr: no pass is running to fail.
    fn drop(&mut self) {
        if let Err(m) = self.write_files() {
            eprintln!("error: {m}");
        }
    }
}

pub use crate::ir::Diag;

/// Runs the pass named by `pass_text` (`argument{options}`) on `op`, as a
/// run of its own. Returns false after emitting diagnostics when the pass
/// failed.
pub fn run(op: OperationRef, pass_text: &str) -> bool {
    run_in(
        op,
        Given::Text(pass_text),
        &RunState::default(),
        &mut Analyses::default(),
    )
}

/// What a pass run hands on to the passes after it on the same function,
/// as MLIR analyses (the C++ shells keep them in the function's analysis
/// manager, which drops them when a pass changes the function).
#[derive(Default)]
pub struct Analyses<'p> {
    /// In: the plan a pass before made of the function, if still valid.
    pub planned: Option<&'p crate::ir::allocation::Planned>,
    /// Out: a plan of the function as this pass leaves it.
    pub made: Option<Box<crate::ir::allocation::Planned>>,
    /// Out: this pass did not change the function (every analysis holds).
    pub unchanged: bool,
    /// In: the facts known to hold of the function as it is (`ir::facts`);
    /// out: those known of it as this pass leaves it (nothing when the pass
    /// rewrote it beyond them).
    pub checked: Checked,
}

/// A pass run's options as given.
#[derive(Clone, Debug)]
pub enum Given<'t> {
    /// A Rust caller's text, `argument{key=value ...}`:
    /// `torq-prefetch-effort` is applied to the options it does not name
    /// (`PassOptions::parse`).
    Text(&'t str),
    /// A C++ shell's values, typed: pass `pass` holds the options of the
    /// table's scope `scope`, the effort level already resolved
    /// (`PassOptions::held`).
    Held {
        pass: &'t str,
        scope: &'t str,
        options: &'t crate::option_set::OptionSet,
    },
}

/// `run`, as part of the run whose shared state is `state`.
pub fn run_in(op: OperationRef, given: Given, state: &RunState, analyses: &mut Analyses) -> bool {
    let parsed = match given {
        Given::Text(text) => PassOptions::parse(text),
        Given::Held {
            pass,
            scope,
            options,
        } => PassOptions::held(pass, scope, options),
    };
    let opts = match parsed {
        Ok(o) => o,
        Err(e) => {
            Diag::at(&op, e.to_string()).emit();
            return false;
        }
    };
    // Every log line of the run says which function it is about (a span on
    // the pass's own target, so TORQ_LOG=<pass>=debug shows it).
    let function = crate::ir::attr_str(&op, "sym_name").unwrap_or_default();
    macro_rules! span {
        ($($pass:ident),*) => {
            match opts.pass.as_str() {
                $($pass::NAME => tracing::error_span!(target: $pass::NAME, "func", name = %function),)*
                _ => tracing::Span::none(),
            }
        };
    }
    let _span = span!(
        torq_annotate_dma_and_slice_cycles,
        torq_assign_lram_addresses,
        torq_prefetch_inputs,
        torq_recover_lram_residency,
        torq_verify_lram,
        torq_add_deallocation
    )
    .entered();
    // One pass run, one live context: its type facts memoised throughout.
    let result = crate::ir::memo::scope(|| -> Result<(), Vec<Diag>> {
        // The rules across blocks hold for every pass (ir::facts), checked
        // unless a pass before found them and the passes since kept them.
        // The checker trusts nothing it is handed.
        let places_lram = [
            torq_assign_lram_addresses::NAME,
            torq_recover_lram_residency::NAME,
            torq_verify_lram::NAME,
        ]
        .contains(&opts.pass.as_str());
        let checker = opts.pass == torq_verify_lram::NAME;
        let handed = analyses.checked;
        let mut known = if checker {
            Checked::NOTHING
        } else {
            handed.of(op)
        };
        // Facts handed on and found to hold were counted at the pass's
        // start: a pass that keeps them keeps their count too (one that
        // adds top-level ops says so, `Checked::grown`), so the count is
        // not walked again as it leaves.
        let counted = known.knows_any();
        if counted {
            log_handed_on(&opts.pass, known);
        }
        if !known.knows_across(places_lram) {
            crate::ir::facts::check_function(op, places_lram)
                .map_err(|e| vec![Diag::of(&opts.pass, e)])?;
            known = known.with_across(places_lram);
        }
        analyses.checked = known;
        dispatch(op, &opts, state, analyses)?;
        // What holds as the pass leaves the function, stamped (counted
        // unless its count was kept); the checker hands on what it was
        // handed.
        analyses.checked = if checker {
            handed
        } else if !analyses.checked.knows_any() {
            Checked::NOTHING
        } else if counted {
            analyses.checked
        } else {
            analyses.checked.stamped(op)
        };
        Ok(())
    });
    match result {
        Ok(()) => true,
        Err(diags) => {
            for d in &diags {
                d.emit();
            }
            false
        }
    }
}

/// The facts a pass was handed (and does not check again), on its own
/// target.
fn log_handed_on(pass: &str, known: Checked) {
    macro_rules! on {
        ($($pass:ident),*) => {
            match pass {
                $($pass::NAME => tracing::debug!(target: $pass::NAME, facts = ?known, "facts handed on, not checked again"),)*
                _ => {}
            }
        };
    }
    on!(
        torq_annotate_dma_and_slice_cycles,
        torq_assign_lram_addresses,
        torq_prefetch_inputs,
        torq_recover_lram_residency,
        torq_add_deallocation
    );
}

fn dispatch<'c>(
    op: OperationRef<'c, '_>,
    opts: &PassOptions,
    state: &RunState,
    analyses: &mut Analyses,
) -> Result<(), Vec<Diag<'c>>> {
    match opts.pass.as_str() {
        torq_annotate_dma_and_slice_cycles::NAME => {
            torq_annotate_dma_and_slice_cycles::run(op, opts)
        }
        torq_assign_lram_addresses::NAME => {
            torq_assign_lram_addresses::run(op, opts, state, analyses)
        }
        torq_prefetch_inputs::NAME => torq_prefetch_inputs::run(op, opts, state, analyses),
        torq_recover_lram_residency::NAME => torq_recover_lram_residency::run(op, opts, analyses),
        torq_verify_lram::NAME => {
            // A checker: it writes nothing.
            analyses.unchanged = true;
            torq_verify_lram::run(op, opts)
        }
        torq_add_deallocation::NAME => {
            let added = torq_add_deallocation::run(op, opts)?;
            analyses.checked = analyses.checked.grown(added);
            Ok(())
        }
        other => Err(vec![Diag::at(&op, format!("unknown Rust pass '{other}'"))]),
    }
}

#[cfg(test)]
mod tests {
    use super::{run_path, RunFile};

    #[test]
    fn a_numbered_run_names_its_files_apart() {
        assert_eq!(run_path("r.json", 0), "r.json");
        assert_eq!(run_path("r.json", 2), "r.2.json");
        assert_eq!(run_path("out/m.svg", 1), "out/m.1.svg");
        assert_eq!(run_path("out.d/trace", 3), "out.d/trace.3");
        assert_eq!(run_path(".hidden", 1), ".hidden.1");
    }

    /// Every function appears: a name alone when it is unique, with its
    /// location when two locations share it, with an ordinal (in content
    /// order, not arrival order) when two functions share both.
    #[test]
    fn every_function_has_its_own_key() {
        let mut file = RunFile::<String>::default();
        for (name, loc, v) in [
            ("f", "a.mlir:1", "z"),
            ("g", "a.mlir:9", "g"),
            ("f", "a.mlir:1", "y"),
            ("h", "b.mlir:2", "h2"),
            ("h", "b.mlir:1", "h1"),
        ] {
            file.entries
                .entry((name.into(), loc.into()))
                .or_default()
                .push(v.into());
        }
        let keyed: Vec<(String, String)> = file
            .keyed(Clone::clone)
            .into_iter()
            .map(|(k, v)| (k, v.clone()))
            .collect();
        let expect = [
            ("f@a.mlir:1#1", "y"),
            ("f@a.mlir:1#2", "z"),
            ("g", "g"),
            ("h@b.mlir:1", "h1"),
            ("h@b.mlir:2", "h2"),
        ];
        assert_eq!(
            keyed,
            expect.map(|(k, v)| (k.to_string(), v.to_string())).to_vec()
        );
    }
}
