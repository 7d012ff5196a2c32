//! torq-sched: the scheduling stage of the Torq NPU compiler on MLIR 22.
//! See ARCHITECTURE.md for the code map.

#![deny(clippy::arithmetic_side_effects)]

pub mod alloc;
pub mod bridge;
pub mod budget;
pub mod buffer;
#[cfg(feature = "testkit")]
pub mod corpus;
pub mod cost;
pub mod decide;
pub mod ffi;
pub mod hash;
pub mod ir;
pub mod log;
pub mod lram;
pub mod memory_map;
pub mod option_set;
pub mod option_table;
pub mod options;
pub mod panic;
pub mod passes;
pub mod rng;
pub mod sched;
