//! The scheduler core: plain Rust over plain data, no MLIR types.
//!
//! `stream` (the model) -> `graph` (dependences, LRAM bookkeeping) ->
//! `list` (the list scheduler) -> `simulate` (the time model, also used to
//! price any order) ; `lram` (the address space shared with the allocator),
//! `bounds` (lower bounds on the makespan), `explain` (tables and traces).

pub mod bounds;
pub mod build;
pub mod check;
pub mod explain;
pub mod gen;
pub mod graph;
pub mod improve;
pub mod list;
pub mod lram;
pub mod oracle;
pub mod price;
pub mod simulate;
pub mod stream;
