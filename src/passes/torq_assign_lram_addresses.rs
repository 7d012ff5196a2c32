//! `torq-assign-lram-addresses`: LRAM addresses for every LRAM alloc, with
//! swaps when the function needs more LRAM than there is.
//!
//! Phases: (1) read the function body's top-level ops into `alloc::OpEvent`s
//! (LRAM allocs, deallocs, uses through views, start_program pinned until
//! its wait_program); (2) `alloc::plan` decides swaps and offsets (policy in
//! src/alloc/mod.rs); on failure, the diagnostics `failed to allocate LRAM
//! addresses` and the reason, at the op where it failed, and the function
//! is left unchanged; (3) write the plan: before each op its swaps (swap
//! out = XRAM alloc + unsafe torq_hl.store of the whole encoded buffer +
//! LRAM dealloc; swap in = LRAM alloc + unsafe torq_hl.load + XRAM dealloc;
//! later uses move to the new alloc, views re-derived from it), then
//! `lram_address` = reserved bytes + offset on every LRAM alloc.
//!
//! The work is `ir::allocation` (shared with RecoverLramResidency, which
//! tries it on clones); this file is the pass: its options and the call.
//! Options: `torq-hw` (the LRAM size), `dma-in-mtu`/`dma-out-mtu` (the swaps'
//! cycles), `allow-swaps` (false: placement must
//! succeed without a single swap). Cost: linear in ops and uses, plus the
//! plan's.

use super::Diag;
use crate::options::PassOptions;
use melior::ir::operation::OperationRef;

pub use crate::ir::allocation::{ADDRESS_ATTR, NAME};

pub fn run<'c>(func: OperationRef<'c, '_>, opts: &PassOptions) -> Result<(), Vec<Diag<'c>>> {
    let one = |d: Diag<'c>| vec![d];
    let hw = opts.hw().map_err(|e| one(Diag::at(&func, e)))?;
    let allow_swaps = opts
        .bool("allow-swaps")
        .map_err(|e| one(Diag::at(&func, e.to_string())))?;
    crate::ir::allocation::assign(func, &hw, allow_swaps).map(|_| ())
}
