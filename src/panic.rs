//! Panics of optional work, caught without noise. The decision of a block
//! runs the oracle's solver and the improvement search under
//! `catch_unwind`: a panic there (a third-party solver's assertion) is a
//! failed optimisation, reported, never a failed compile. [`quietly`] keeps
//! the panic hook from printing such a caught panic on stderr; panics
//! anywhere else print as before.

use std::cell::Cell;
use std::sync::Once;

thread_local! {
    static QUIET: Cell<u32> = const { Cell::new(0) };
}

static HOOK: Once = Once::new();

/// Runs `f` with this thread's panic messages silenced (the panic itself
/// still unwinds to the caller's `catch_unwind`).
pub fn quietly<T>(f: impl FnOnce() -> T) -> T {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(q.get().saturating_sub(1)));
        }
    }
    QUIET.with(|q| q.set(q.get().saturating_add(1)));
    let _reset = Reset;
    f()
}

/// The message of a caught panic's payload.
pub fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Runs `f`, optional work: a panic in it becomes `Err` with its message,
/// printed by no panic hook.
pub fn caught<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    quietly(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)))
        .map_err(|p| message(p.as_ref()))
}
