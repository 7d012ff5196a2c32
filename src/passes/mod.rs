//! The Rust passes, one file each, named after the pass argument (which is
//! also the tracing target and the lit test file name). `run` is what the C++
//! shells of passes/TorqPasses.cpp call.

pub mod torq_add_deallocation;
pub mod torq_annotate_dma_and_slice_cycles;
pub mod torq_assign_lram_addresses;
pub mod torq_prefetch_inputs;
pub mod torq_recover_lram_residency;
pub mod torq_verify_lram;

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
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard};

/// What the runs of one pass instance share (the instance and its clones
/// under the threaded pass manager, so one pipeline run): the files it
/// writes and the lock of its explain output. Created with the pass, freed
/// with it; no state outlives the run.
#[derive(Default)]
pub struct RunState {
    files: Mutex<BTreeMap<String, RunFile>>,
    /// SVG files (memory maps): per path, the panels by key.
    pictures: Mutex<BTreeMap<String, BTreeMap<String, crate::memory_map::Panel>>>,
    explain: Mutex<()>,
}

/// One file of the run: its entries by key (a function's name, a block's
/// `name#index`), each with the location of its function.
#[derive(Default)]
struct RunFile {
    entries: BTreeMap<String, (String, Value)>,
    /// Names that two functions of the run share: their entries are keyed
    /// `name@location` instead.
    shared: BTreeSet<String>,
}

impl RunFile {
    fn insert(&mut self, key: &str, loc: &str, value: Value) {
        if self.shared.contains(key) {
            self.entries
                .insert(format!("{key}@{loc}"), (loc.into(), value));
            return;
        }
        match self.entries.remove(key) {
            Some((other, v)) if other != loc => {
                self.shared.insert(key.into());
                self.entries.insert(format!("{key}@{other}"), (other, v));
                self.entries
                    .insert(format!("{key}@{loc}"), (loc.into(), value));
            }
            _ => {
                self.entries.insert(key.into(), (loc.into(), value));
            }
        }
    }
}

impl RunState {
    /// Adds one function's block reports under `key` to the report file
    /// `path`, rewritten whole: `{"version", "producer", "functions": {key:
    /// [block...]}}`, keys sorted (the same file whatever the thread order).
    /// docs/report.schema.json is its schema.
    pub fn publish_report(
        &self,
        path: &str,
        key: &str,
        loc: &str,
        blocks: Value,
    ) -> Result<(), String> {
        let mut files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let file = files.entry(path.to_string()).or_default();
        file.insert(key, loc, blocks);
        let functions: BTreeMap<&String, &Value> =
            file.entries.iter().map(|(k, (_, v))| (k, v)).collect();
        let doc = serde_json::json!({
            "version": crate::decide::REPORT_VERSION,
            "producer": concat!("torq-sched ", env!("CARGO_PKG_VERSION")),
            "functions": functions,
        });
        let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {path}: {e}"))
    }

    /// Adds one function's trace events (`sched::explain::trace_events` of
    /// its blocks) under `key` to the Chrome trace file `path`, rewritten
    /// whole: one process per function of the run, in key order (the same
    /// file whatever the thread order).
    pub fn publish_trace(
        &self,
        path: &str,
        key: &str,
        loc: &str,
        events: Vec<Value>,
    ) -> Result<(), String> {
        let mut files = self.files.lock().unwrap_or_else(|p| p.into_inner());
        let file = files.entry(path.to_string()).or_default();
        file.insert(key, loc, Value::Array(events));
        let functions: Vec<(&str, &[Value])> = file
            .entries
            .iter()
            .map(|(k, (_, v))| (k.as_str(), v.as_array().map_or(&[][..], Vec::as_slice)))
            .collect();
        let text =
            serde_json::to_string_pretty(&crate::sched::explain::chrome_trace_file(functions))
                .map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {path}: {e}"))
    }

    /// Adds `panel` under `key` to the memory-map SVG file `path`, rewritten
    /// whole with this run's panels in key order (the same file whatever the
    /// thread order).
    pub fn publish_map(
        &self,
        path: &str,
        key: &str,
        panel: crate::memory_map::Panel,
    ) -> Result<(), String> {
        let mut files = self.pictures.lock().unwrap_or_else(|p| p.into_inner());
        let file = files.entry(path.to_string()).or_default();
        file.insert(key.to_string(), panel);
        let panels: Vec<crate::memory_map::Panel> = file.values().cloned().collect();
        std::fs::write(path, crate::memory_map::svg(&panels))
            .map_err(|e| format!("cannot write {path}: {e}"))
    }

    /// Held while one function's explain output goes to stderr.
    pub fn explain_lock(&self) -> MutexGuard<'_, ()> {
        self.explain.lock().unwrap_or_else(|p| p.into_inner())
    }
}

pub use crate::ir::Diag;

/// Runs the pass named by `pass_text` (`argument{options}`) on `op`, as a
/// run of its own. Returns false after emitting diagnostics when the pass
/// failed.
pub fn run(op: OperationRef, pass_text: &str) -> bool {
    run_in(op, pass_text, &RunState::default(), Effort::Apply)
}

/// Whether the pass text still needs `torq-prefetch-effort` applied: a
/// Rust caller's text does (`PassOptions::parse`), a C++ shell's has it
/// resolved (`PassOptions::parse_resolved`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    Apply,
    Resolved,
}

/// `run`, as part of the run whose shared state is `state`.
pub fn run_in(op: OperationRef, pass_text: &str, state: &RunState, effort: Effort) -> bool {
    let parsed = match effort {
        Effort::Apply => PassOptions::parse(pass_text),
        Effort::Resolved => PassOptions::parse_resolved(pass_text),
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
    let result = crate::ir::memo::scope(|| {
        // The rules across blocks hold for every pass (ir::facts).
        let places_lram = [
            torq_assign_lram_addresses::NAME,
            torq_recover_lram_residency::NAME,
            torq_verify_lram::NAME,
        ]
        .contains(&opts.pass.as_str());
        crate::ir::facts::check_function(op, places_lram)
            .map_err(|e| vec![Diag::new(e.loc, format!("{}: {}", opts.pass, e.message))])?;
        dispatch(op, &opts, state)
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

fn dispatch<'c>(
    op: OperationRef<'c, '_>,
    opts: &PassOptions,
    state: &RunState,
) -> Result<(), Vec<Diag<'c>>> {
    match opts.pass.as_str() {
        torq_annotate_dma_and_slice_cycles::NAME => {
            torq_annotate_dma_and_slice_cycles::run(op, opts)
        }
        torq_assign_lram_addresses::NAME => torq_assign_lram_addresses::run(op, opts, state),
        torq_prefetch_inputs::NAME => torq_prefetch_inputs::run(op, opts, state),
        torq_recover_lram_residency::NAME => torq_recover_lram_residency::run(op, opts),
        torq_verify_lram::NAME => torq_verify_lram::run(op, opts),
        torq_add_deallocation::NAME => torq_add_deallocation::run(op, opts),
        other => Err(vec![Diag::at(&op, format!("unknown Rust pass '{other}'"))]),
    }
}
