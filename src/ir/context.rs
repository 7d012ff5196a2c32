//! A melior context with every dialect torq-opt registers, for Rust tests,
//! benchmarks and tools that work on IR without going through torq-opt.

use melior::dialect::{DialectHandle, DialectRegistry};
use melior::Context;

extern "C" {
    fn mlirGetDialectHandle__torq_hl__() -> mlir_sys::MlirDialectHandle;
    fn mlirGetDialectHandle__torq_hw__() -> mlir_sys::MlirDialectHandle;
}

/// A context with builtin, func, cf, memref, arith, scf, torq_hl and torq_hw
/// loaded. Unregistered dialects stay disallowed.
pub fn context() -> Context {
    let registry = DialectRegistry::new();
    // SAFETY: the handles come from the dialects' C API registration (dialects/*.cpp).
    let torq = unsafe {
        [
            DialectHandle::from_raw(mlirGetDialectHandle__torq_hl__()),
            DialectHandle::from_raw(mlirGetDialectHandle__torq_hw__()),
        ]
    };
    for h in [
        DialectHandle::func(),
        DialectHandle::cf(),
        DialectHandle::memref(),
        DialectHandle::arith(),
        DialectHandle::scf(),
    ]
    .into_iter()
    .chain(torq)
    {
        h.insert_dialect(&registry);
    }
    let ctx = Context::new();
    ctx.append_dialect_registry(&registry);
    ctx.load_all_available_dialects();
    ctx
}
