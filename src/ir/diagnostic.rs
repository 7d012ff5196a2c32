//! MLIR's diagnostics from Rust, through cxx: a remark, warning or error
//! at a location, with notes attached at theirs (`attachNote`), emitted by
//! the C++ side (passes/TorqPasses.cpp, `emit_diagnostic`) with MLIR's own
//! `InFlightDiagnostic`: MLIR's C API can emit only errors, without notes.
//! A bridge of its own, below `ir` (its only user, `ir::emit`) and the
//! pass bridge.

use melior::ir::Location;

#[cxx::bridge(namespace = "torq::bridge")]
mod ffi {
    extern "Rust" {
        /// A diagnostic's notes: per note, a place and what it says there.
        type Notes;
        /// How many notes.
        fn count(self: &Notes) -> usize;
        /// Note `i`'s location (`mlir::Location`'s opaque pointer).
        fn place(self: &Notes, i: usize) -> *const Location;
        /// Note `i`'s text.
        fn text(self: &Notes, i: usize) -> &[u8];
    }

    unsafe extern "C++" {
        include!("TorqBridge.h");
        /// An MLIR location, only ever behind its opaque pointer.
        type Location;
        /// Emits a remark (severity 0), warning (1) or error (2) `message`
        /// at `loc`, with `notes` attached.
        ///
        /// # Safety
        /// `loc` and every note's location are live locations of the
        /// context the diagnostic goes to.
        unsafe fn emit_diagnostic(
            loc: *const Location,
            severity: i32,
            message: &[u8],
            notes: &Notes,
        );
    }
}

/// A diagnostic's notes, each at its own location (its opaque pointer,
/// live for the call that emits them).
pub struct Notes {
    notes: Vec<(*const ffi::Location, String)>,
}

impl Notes {
    fn count(&self) -> usize {
        self.notes.len()
    }

    fn place(&self, i: usize) -> *const ffi::Location {
        self.notes.get(i).map_or(std::ptr::null(), |(l, _)| *l)
    }

    fn text(&self, i: usize) -> &[u8] {
        self.notes.get(i).map_or(&[], |(_, t)| t.as_bytes())
    }
}

/// A diagnostic of `severity` at `loc`, with `notes` attached (each at its
/// own location: MLIR prints them after it, and `-verify-diagnostics`
/// matches them with `expected-note`).
pub fn emit(loc: Location, severity: i32, message: &str, notes: &[(Location, String)]) {
    let notes = Notes {
        notes: notes
            .iter()
            .map(|(l, t)| (l.to_raw().ptr.cast(), t.clone()))
            .collect(),
    };
    // SAFETY: `loc` and the notes' locations are live (borrowed for the
    // call) and belong to the context the pass runs in.
    unsafe {
        ffi::emit_diagnostic(
            loc.to_raw().ptr.cast(),
            severity,
            message.as_bytes(),
            &notes,
        )
    }
}
