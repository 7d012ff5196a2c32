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
    QUIET.with(|q| q.set(q.get() + 1));
    let _reset = Reset;
    f()
}
