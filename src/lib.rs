//! torq-sched: the scheduling stage of the Torq NPU compiler on MLIR 22.
//! See ARCHITECTURE.md for the code map.

pub mod alloc;
pub mod buffer;
pub mod corpus;
pub mod cost;
pub mod ffi;
pub mod ir;
pub mod options;
pub mod passes;
pub mod sched;
