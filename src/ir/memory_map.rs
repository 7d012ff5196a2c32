//! The memory map of an allocated function (`memory_map::Panel`), read from
//! the IR as AssignLramAddresses left it: the function is played in its
//! order by simulateStream's machine (`ir::stream` translates it; swaps are
//! the unsafe transfers), each LRAM alloc with an `lram_address` is a
//! rectangle from the cycle its alloc is reached to the cycle its dealloc
//! is (or the end), and the DMA and slice intervals are the timeline.

use super::{op_name, op_str, stream::block_to_stream, users, value_key};
use crate::cost::{Hw, LRAM_RESERVED_BYTES};
use crate::ir::OpExt;
use crate::memory_map::{Activity, Busy, Panel, Rect};
use crate::sched::simulate::{Lane, Machine};
use crate::sched::stream::Kind;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

/// A swap transfer: `unsafe = true`.
fn is_unsafe(op: &OperationRef) -> bool {
    op.attribute("unsafe")
        .ok()
        .and_then(|a| melior::ir::attribute::BoolAttribute::try_from(a).ok())
        .is_some_and(|b| b.value())
}

/// The SSA names of values as the printer would write them (`%alloc_3`),
/// from one AsmState of the function, built without verifying it (the
/// passes never verify or print an op: see `ir::OpExt`).
struct SsaNames(mlir_sys::MlirAsmState);

impl SsaNames {
    fn new(func: OperationRef) -> Self {
        // SAFETY: the flags are created, used once and destroyed; the state
        // lives until `drop`, while the function does.
        unsafe {
            let flags = mlir_sys::mlirOpPrintingFlagsCreate();
            mlir_sys::mlirOpPrintingFlagsAssumeVerified(flags);
            let state = mlir_sys::mlirAsmStateCreateForOperation(func.to_raw(), flags);
            mlir_sys::mlirOpPrintingFlagsDestroy(flags);
            SsaNames(state)
        }
    }

    fn of(&self, v: Value) -> String {
        unsafe extern "C" fn push(s: mlir_sys::MlirStringRef, user: *mut std::ffi::c_void) {
            // SAFETY: `user` is the String below; `s` is valid for the call.
            let out = unsafe { &mut *(user as *mut String) };
            let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
            out.push_str(&String::from_utf8_lossy(bytes));
        }
        let mut out = String::new();
        // SAFETY: a live value of the function the state was built for.
        unsafe {
            mlir_sys::mlirValuePrintAsOperand(
                v.to_raw(),
                self.0,
                Some(push),
                &mut out as *mut String as *mut std::ffi::c_void,
            )
        };
        out
    }
}

impl Drop for SsaNames {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        unsafe { mlir_sys::mlirAsmStateDestroy(self.0) }
    }
}

/// A printed location as people read it: `loc("f.mlir":3:5)` -> `f.mlir:3:5`.
fn place(loc: &str) -> String {
    loc.strip_prefix("loc(")
        .and_then(|l| l.strip_suffix(')'))
        .unwrap_or(loc)
        .replace('"', "")
}

/// The picture of `func` (titled `title`) on `hw`.
pub fn panel(func: OperationRef, hw: &Hw, title: &str) -> Result<Panel, String> {
    let block = super::body(func).ok_or("a function without a body")?;
    let bs = block_to_stream(block, hw).map_err(|e| e.message)?;
    let s = &bs.stream;
    let slices = s.input_slices();
    let mut m = Machine::new(s);
    let mut issue = vec![0u64; s.nodes.len()];
    let mut busy = Vec::new();
    for (v, node) in s.nodes.iter().enumerate() {
        issue[v] = m.clock.t;
        let slice = node.program.map(|p| slices[p]);
        let Some(iv) = m.apply(s, v, slice) else {
            continue;
        };
        let lane = match iv.lane {
            Lane::Dma => 0,
            Lane::Slice(k) => k.saturating_add(1),
            Lane::Stream => continue,
        };
        let activity = match node.kind {
            _ if is_unsafe(&bs.ops[v]) => Activity::Swap,
            Kind::Load => Activity::Load,
            Kind::Store => Activity::Store,
            _ => Activity::Program,
        };
        busy.push(Busy {
            lane,
            label: node.name.clone(),
            activity,
            begin: iv.begin,
            end: iv.end,
        });
    }
    let makespan = m.makespan();
    let node_of = bs.node_by_op();
    let names = SsaNames::new(func);
    let mut rects = Vec::new();
    for (v, op) in bs.ops.iter().enumerate() {
        if op_str(op) != "memref.alloc" {
            continue;
        }
        let Some(r) = op.result_at(0) else { continue };
        let r: Value = r.into();
        let Ok(addr) = op.attribute(crate::ir::allocation::ADDRESS_ATTR) else {
            continue;
        };
        let Some(addr) = melior::ir::attribute::IntegerAttribute::try_from(addr)
            .ok()
            .and_then(|a| u64::try_from(a.value()).ok())
        else {
            continue;
        };
        let bytes = super::buffer_type(r.r#type())
            .map(|t| crate::lram::round_to_word(t.encoded_bytes().max(1)))
            .map_err(|m| format!("an LRAM alloc: {m}"))?;
        let uses = users(r);
        let end = uses
            .iter()
            .filter(|u| op_str(u) == "memref.dealloc")
            .filter_map(|u| node_of.get(&(u.to_raw().ptr as usize)))
            .map(|&d| issue[d])
            .min()
            .unwrap_or(makespan);
        let transfer = |name: &str, operand: usize| {
            uses.iter().any(|u| {
                op_name(u) == name
                    && is_unsafe(u)
                    && u.operand_at(operand)
                        .is_some_and(|o| value_key(o) == value_key(r))
            })
        };
        let name = names.of(r);
        let name = if name.is_empty() {
            format!("buffer {}", rects.len())
        } else {
            name
        };
        rects.push(Rect {
            label: format!(
                "{name} ({bytes} B) at {}",
                place(&op.location().to_string())
            ),
            offset: addr.saturating_sub(LRAM_RESERVED_BYTES),
            bytes,
            begin: issue[v],
            end,
            // Operand 0 is a transfer's output, 1 its input (TorqHL.td).
            swapped_in: transfer("torq_hl.load", 0),
            swapped_out: transfer("torq_hl.store", 1),
        });
    }
    Ok(Panel {
        title: title.to_string(),
        usable: hw.usable_lram_bytes(),
        slices: s.slices,
        makespan,
        rects,
        busy,
    })
}
