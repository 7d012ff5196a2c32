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
use melior::ir::operation::OperationLike;
use melior::ir::operation::OperationRef;
use melior::ir::Location;

/// A located diagnostic, the only way a pass reports failure.
#[derive(Debug)]
pub struct Diag<'c> {
    pub loc: Location<'c>,
    pub message: String,
}

impl<'c> Diag<'c> {
    pub fn new(loc: Location<'c>, message: impl Into<String>) -> Self {
        Diag {
            loc,
            message: message.into(),
        }
    }

    pub fn at(op: &OperationRef<'c, '_>, message: impl Into<String>) -> Self {
        Self::new(op.location(), message)
    }

    pub fn emit(&self) {
        crate::ir::emit_error(self.loc, &self.message);
    }
}

/// Runs the pass named by `pass_text` (`argument{options}`) on `op`.
/// Returns false after emitting diagnostics when the pass failed.
pub fn run(op: OperationRef, pass_text: &str) -> bool {
    let opts = match PassOptions::parse(pass_text) {
        Ok(o) => o,
        Err(e) => {
            Diag::at(&op, e.to_string()).emit();
            return false;
        }
    };
    let result = match opts.pass.as_str() {
        torq_annotate_dma_and_slice_cycles::NAME => {
            torq_annotate_dma_and_slice_cycles::run(op, &opts)
        }
        torq_assign_lram_addresses::NAME => torq_assign_lram_addresses::run(op, &opts),
        torq_prefetch_inputs::NAME => torq_prefetch_inputs::run(op, &opts),
        torq_recover_lram_residency::NAME => torq_recover_lram_residency::run(op, &opts),
        torq_verify_lram::NAME => torq_verify_lram::run(op, &opts),
        torq_add_deallocation::NAME => torq_add_deallocation::run(op, &opts),
        other => Err(vec![Diag::at(&op, format!("unknown Rust pass '{other}'"))]),
    };
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
