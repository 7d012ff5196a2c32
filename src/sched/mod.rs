//! The scheduler core: plain Rust over plain data, no MLIR types.
//!
//! `stream` (the model) -> `graph` (dependences, LRAM bookkeeping) ->
//! `list` (the list scheduler; `greedy` searches its priorities) -> `simulate` (the time model, also used to
//! price any order); `bounds` (lower bounds on the makespan), `oracle` (the
//! exact oracle), `check` (the independent order checker), `explain` (tables
//! and traces). The LRAM address space (`crate::lram`) lies below this and
//! the allocator; pricing after allocation and the block's decision
//! (`crate::decide`) lie above both.

pub mod bounds;
#[cfg(feature = "testkit")]
pub mod build;
pub mod check;
pub mod explain;
#[cfg(feature = "testkit")]
pub mod gen;
pub mod graph;
pub mod greedy;
pub mod list;
pub mod oracle;
pub mod paths;
pub mod simulate;
pub mod stream;
