//! `torq-assign-lram-addresses`: LRAM addresses for every LRAM alloc, with
//! swaps when the function needs more LRAM than there is.
//!
//! Phases: (1) read the function body's top-level ops into `alloc::OpEvent`s
//! (LRAM allocs, deallocs, uses through views, start_program pinned until
//! its wait_program); (2) `alloc::plan_with` decides swaps and offsets
//! (first-fit in src/alloc/mod.rs, offline in src/alloc/offline.rs); on failure, the diagnostics `failed to allocate LRAM
//! addresses` and the reason, at the op where it failed, and the function
//! is left unchanged; (3) write the plan: before each op its swaps (swap
//! out = XRAM alloc + unsafe torq_hl.store of the whole encoded buffer +
//! LRAM dealloc; swap in = LRAM alloc + unsafe torq_hl.load + XRAM dealloc;
//! later uses move to the new alloc, views re-derived from it), then
//! `lram_address` = reserved bytes + offset on every LRAM alloc.
//!
//! The work is `ir::allocation` (shared with RecoverLramResidency, which
//! tries it on clones); this file is the pass: its options and the call.
//! When RecoverLramResidency left the function unchanged, its plan (an
//! analysis the pass manager kept) is written without reading or planning
//! the function again.
//! Options: `torq-hw` (the LRAM size), `torq-dma-in-mtu`/`torq-dma-out-mtu` (the swaps'
//! cycles), `torq-allow-swaps` (false: placement must
//! succeed without a single swap), `torq-placement` and `torq-placement-nodes` (the
//! placer: offline packing or upstream's first fit), `torq-lram-map` (an SVG file:
//! the memory map and timeline of every function allocated, drawn from the
//! IR the pass wrote; `ir::memory_map`). Cost: linear in ops and uses, plus
//! the plan's.

use super::{Diag, RunState};
use crate::options::PassOptions;
use melior::ir::operation::{OperationLike, OperationRef};

pub use crate::ir::allocation::{ADDRESS_ATTR, NAME};

pub fn run<'c>(
    func: OperationRef<'c, '_>,
    opts: &PassOptions,
    state: &RunState,
    analyses: &mut super::Analyses,
) -> Result<(), Vec<Diag<'c>>> {
    let one = |d: Diag<'c>| vec![d];
    let v = opts
        .typed()
        .map_err(|e| one(Diag::at(&func, e.to_string())))?;
    let hw = v.hw().map_err(|e| one(Diag::at(&func, e)))?;
    let allow_swaps = v.torq_allow_swaps;
    let map = v.torq_lram_map;
    // A map file that cannot be written fails the pass before the IR is
    // touched.
    if !map.is_empty() {
        let file = state.file_path(&map);
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&file)
            .map_err(|e| one(Diag::at(&func, format!("{NAME}: cannot write {file}: {e}"))))?;
    }
    let known = analyses.checked.knows_within(hw.slices);
    let plan = crate::ir::allocation::assign(func, &hw, allow_swaps, analyses.planned, known)?;
    // Its swaps are transfers no pass before checked: nothing is handed on.
    analyses.checked = crate::ir::facts::Checked::NOTHING;
    // Swaps cost transfers: say whether a placement without them exists.
    let swaps = plan.swaps_out.saturating_add(plan.swaps_in);
    if swaps > 0 {
        let why = match plan.offline.as_ref().and_then(|r| r.swap_free) {
            Some(crate::alloc::pack::Outcome::Infeasible) => {
                "no placement without swaps exists (proven by the packing search)".to_string()
            }
            Some(_) => format!(
                "no placement without swaps was found within torq-placement-nodes ({})",
                hw.placer.nodes
            ),
            None => "placed by upstream's first fit (torq-placement=first-fit)".to_string(),
        };
        crate::ir::emit_remark(
            func.location(),
            &format!(
                "{NAME}: {swaps} swap transfer{}; {why}",
                if swaps == 1 { "" } else { "s" }
            ),
        );
    }
    if !map.is_empty() && crate::ir::body(func).is_some() {
        let name = crate::ir::attr_str(&func, "sym_name").unwrap_or_default();
        let loc = func.location().to_string();
        // The IR is written: a picture that cannot be drawn is a warning.
        if let Err(m) = crate::ir::memory_map::panel(func, &hw, &format!("@{name}"))
            .and_then(|p| state.publish_map(&map, &name, &loc, p))
        {
            crate::ir::emit_warning(
                func.location(),
                &format!("{NAME}: torq-lram-map: @{name} is not drawn: {m}"),
            );
        }
    }
    Ok(())
}
