//! Helpers shared by the integration tests that work on real IR.
#![allow(dead_code)]

use melior::ir::operation::OperationRef;
use melior::ir::{BlockLike, Module};
use std::sync::{Arc, Mutex};

/// The first op of the module: the function under test.
pub fn func<'c, 'a>(m: &'a Module<'c>) -> OperationRef<'c, 'a> {
    m.body().first_operation().expect("a function")
}

/// Collects every diagnostic the context emits (instead of printing it).
pub fn capture(ctx: &melior::Context) -> Arc<Mutex<Vec<String>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = seen.clone();
    ctx.attach_diagnostic_handler(move |d| {
        sink.lock().unwrap().push(d.to_string());
        true
    });
    seen
}
