//! Memoised type facts for one pass run.
//!
//! Reading a memref type as plain data prints its memory space attribute and
//! asks MLIR for its strides; on a 100k-op function the same few thousand
//! types are read hundreds of thousands of times. MLIR uniques types and
//! attributes in their context and never frees them while it lives, so
//! within one pass run (one context, alive throughout) a type's pointer
//! names it. [`scope`] turns the memo on for the current thread and clears
//! it when it ends; outside a scope nothing is memoised (a pointer may be
//! reused by a later context), so the memo cannot outlive the context whose
//! pointers it holds.

use crate::buffer::{BufferType, Encoding, MemSpace};
use crate::hash::WordMap;
use melior::ir::{Attribute, AttributeLike, Type, TypeLike};
use std::cell::RefCell;

type Space = Result<(MemSpace, Encoding), String>;

#[derive(Default)]
struct Memo {
    buffers: WordMap<usize, Result<BufferType, String>>,
    spaces: WordMap<usize, Space>,
    executors: WordMap<usize, Option<String>>,
    ndls: WordMap<usize, Ndls>,
}

type Ndls = Result<Vec<crate::cost::Ndl>, String>;

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// Clears the memo when the outermost scope ends, unwinding included.
struct Guard {
    outermost: bool,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.outermost {
            MEMO.with(|m| *m.borrow_mut() = None);
        }
    }
}

/// Runs `f` with the memo on: every type and attribute it reads must belong
/// to one context that outlives the call.
pub fn scope<R>(f: impl FnOnce() -> R) -> R {
    let outermost = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let outer = m.is_none();
        if outer {
            *m = Some(Memo::default());
        }
        outer
    });
    let _guard = Guard { outermost };
    f()
}

/// `read()`, memoised under `key` in the table `table` picks, inside a
/// scope; outside one, `read()`.
fn memoised<V: Clone>(
    key: usize,
    table: fn(&mut Memo) -> &mut WordMap<usize, V>,
    read: impl FnOnce() -> V,
) -> V {
    let hit = MEMO.with(|m| {
        m.borrow_mut()
            .as_mut()
            .and_then(|m| table(m).get(&key).cloned())
    });
    if let Some(hit) = hit {
        return hit;
    }
    let value = read();
    MEMO.with(|m| {
        if let Some(m) = m.borrow_mut().as_mut() {
            table(m).insert(key, value.clone());
        }
    });
    value
}

/// `read(ty)`: a memref type as plain data.
pub fn buffer_type(
    ty: Type,
    read: impl FnOnce(Type) -> Result<BufferType, String>,
) -> Result<BufferType, String> {
    memoised(ty.to_raw().ptr as usize, |m| &mut m.buffers, || read(ty))
}

/// `read(attr)`: a memory space attribute as plain data.
pub fn memory_space(attr: Attribute, read: impl FnOnce(Attribute) -> Space) -> Space {
    memoised(attr.to_raw().ptr as usize, |m| &mut m.spaces, || read(attr))
}

/// `read(ty)`: the executor an invocation type names.
pub fn executor(ty: Type, read: impl FnOnce(Type) -> Option<String>) -> Option<String> {
    memoised(ty.to_raw().ptr as usize, |m| &mut m.executors, || read(ty))
}

/// `read(attr)`: a slice task's NDL array (`mem` or register) as plain
/// data. Tasks of the same shape share the uniqued attribute, so each is
/// printed and read once per pass run.
pub fn ndls(attr: Attribute, mem: bool, read: impl FnOnce(Attribute) -> Ndls) -> Ndls {
    // Attributes are word-aligned: the low bit says which array it is.
    let key = (attr.to_raw().ptr as usize) | usize::from(mem);
    memoised(key, |m| &mut m.ndls, || read(attr))
}
