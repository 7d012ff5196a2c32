//! `torq-verify-lram`: an independent checker of allocated functions, in the
//! spirit of regalloc2's checker. It shares no code with the allocator: it
//! re-reads the function's top-level ops in order and verifies from first
//! principles that
//!
//! - every LRAM alloc has an `lram_address`, 8-byte aligned, and its encoded
//!   bytes lie inside usable LRAM (above the 1280 reserved bytes);
//! - no two LRAM buffers live at the same time overlap;
//! - every op that uses an LRAM buffer (through views, in nested ops too)
//!   finds it resident: allocated before and not yet deallocated;
//! - a load from an XRAM buffer allocated in the function (a swap-in) reads
//!   data stored there before (a swap-out), while that buffer lives;
//! - at most one program is in flight per executor;
//! - an LRAM buffer a start names stays live until the program's wait (to
//!   the end of the block when it is never waited for): a dealloc of it or
//!   a load into it inside that window is a fault, and the buffer keeps its
//!   bytes until the wait, so a buffer placed over them overlaps it.
//!
//! An op nested in a top-level op (`scf.if`, `scf.for`) is checked where its
//! ancestor stands; a nested dealloc takes effect after the ancestor's other
//! uses, as in `ir::facts`, and one inside a loop of a buffer allocated
//! outside it is a fault (it would free the buffer once per iteration).
//!
//! Every fault is reported (op, buffer, byte range), each as a located
//! error; the IR is never changed. Cost: O(ops x live buffers).

use super::Diag;
use crate::buffer::MemSpace;
use crate::cost::{Hw, LRAM_RESERVED_BYTES};
use crate::ir::OpExt;
use crate::ir::{self, attr_i64, op_str, VIEW_OPS};
use crate::options::PassOptions;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use std::collections::HashMap;

pub const NAME: &str = "torq-verify-lram";

/// One fault found by the checker: where, and what (buffer, byte range).
#[derive(Debug)]
pub struct LramFault<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub fault: Fault,
    /// The start of the program in flight the fault concerns (a note).
    pub started: Option<OperationRef<'c, 'a>>,
}

/// What the checker found wrong. Buffers are named `#k`, k-th LRAM alloc.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("LRAM buffer without an lram_address")]
    NoAddress,
    #[error("LRAM buffer at {addr} is not 8-byte aligned")]
    Unaligned { addr: i64 },
    #[error("LRAM buffer [{begin}, {end}) is outside usable LRAM [{reserved}, {lram})")]
    OutOfRange {
        begin: i128,
        end: i128,
        reserved: u64,
        lram: u64,
    },
    #[error(
        "LRAM buffer [{begin}, {end}) overlaps live buffer {other} at [{other_begin}, {other_end})"
    )]
    Overlap {
        begin: i128,
        end: i128,
        other: String,
        other_begin: i128,
        other_end: i128,
    },
    #[error("LRAM buffer whose byte size cannot be known: {why}")]
    Unsized { why: String },
    #[error("deallocates an LRAM buffer that is not live")]
    DeallocNotLive,
    #[error("uses an LRAM buffer that is not resident here")]
    NotResident,
    #[error(
        "loads from an XRAM buffer that nothing stored to before (a swap-in without its swap-out)"
    )]
    SwapInWithoutSwapOut,
    #[error("starts a program on {executor} {id} while another is in flight there")]
    TwoInFlight { executor: String, id: i64 },
    #[error("starts an invocation whose program is still in flight")]
    InvocationInFlight,
    #[error(
        "deallocates LRAM buffer {buffer} inside '{kind}', which would free it once per iteration"
    )]
    DeallocInLoop { buffer: String, kind: String },
    #[error("deallocates LRAM buffer {buffer}, which a program in flight holds until its wait")]
    DeallocInFlight { buffer: String },
    #[error("loads into LRAM buffer {buffer}, which a program in flight holds until its wait")]
    LoadInFlight { buffer: String },
}

use crate::ir::{defining_op, root_of as root, value_key as vkey};

fn space(v: Value) -> Option<MemSpace> {
    ir::memory_space(v)
}

struct Live {
    begin: i128,
    end: i128,
    name: String,
    /// Allocation order: overlaps are reported in it, not in hash order.
    seq: usize,
}

/// Checks `func` for `hw`; returns every fault.
pub fn verify<'c, 'a>(func: OperationRef<'c, 'a>, hw: &Hw) -> Vec<LramFault<'c, 'a>> {
    let mut faults = Vec::new();
    let Some(block) = ir::body(func) else {
        return faults;
    };
    let mut lram: HashMap<usize, Live> = HashMap::new();
    let mut xram_written: HashMap<usize, bool> = HashMap::new();
    let mut in_flight: HashMap<(String, i64), usize> = HashMap::new();
    let mut counter = 0usize;
    // Programs in flight, in start order: (invocation, start, the LRAM
    // buffers the start names). Buffers deallocated while a program holds
    // them stay live until its wait.
    let mut holding: Vec<(usize, OperationRef<'c, 'a>, Vec<usize>)> = Vec::new();
    let mut freed_late: Vec<usize> = Vec::new();
    for op in ir::block_ops(block) {
        let name = op_str(&op);
        let mut fault = |f: Fault| {
            faults.push(LramFault {
                op,
                fault: f,
                started: None,
            })
        };
        match name {
            "memref.alloc" => {
                let Some(r) = op.result_at(0) else { continue };
                let v: Value = r.into();
                match space(v) {
                    Some(MemSpace::Lram) => {
                        counter = counter.saturating_add(1);
                        let bytes = match ir::buffer_type(v.r#type()) {
                            Ok(b) => b.encoded_bytes(),
                            Err(why) => {
                                fault(Fault::Unsized { why });
                                continue;
                            }
                        };
                        let Some(addr) = attr_i64(&op, "lram_address") else {
                            fault(Fault::NoAddress);
                            continue;
                        };
                        // Exact: a negative address or one whose end passes
                        // 2^64 is reported as it is, never wrapped.
                        let (begin, end) = (
                            i128::from(addr),
                            i128::from(addr).saturating_add(i128::from(bytes)),
                        );
                        if addr % 8 != 0 {
                            fault(Fault::Unaligned { addr });
                        }
                        if begin < i128::from(LRAM_RESERVED_BYTES)
                            || end > i128::from(hw.lram_bytes)
                        {
                            fault(Fault::OutOfRange {
                                begin,
                                end,
                                reserved: LRAM_RESERVED_BYTES,
                                lram: hw.lram_bytes,
                            });
                        }
                        let mut others: Vec<&Live> = lram.values().collect();
                        others.sort_by_key(|l| l.seq);
                        for other in others {
                            if begin < other.end && other.begin < end {
                                fault(Fault::Overlap {
                                    begin,
                                    end,
                                    other: other.name.clone(),
                                    other_begin: other.begin,
                                    other_end: other.end,
                                });
                            }
                        }
                        lram.insert(
                            vkey(v),
                            Live {
                                begin,
                                end,
                                name: format!("#{counter}"),
                                seq: counter,
                            },
                        );
                    }
                    Some(MemSpace::Xram) => {
                        xram_written.insert(vkey(v), false);
                    }
                    _ => {}
                }
                continue;
            }
            "torq_hl.program" => continue,
            n if VIEW_OPS.contains(&n) => continue,
            _ => {}
        }
        // The op and the ops nested in it, where it stands: each operand
        // resident, transfers checked; deallocs (nested ones too) take
        // effect after the op's other uses.
        let mut deallocs = Vec::new();
        for o in ir::stream_ops(op) {
            let oname = op_str(&o);
            if oname == "memref.dealloc" {
                deallocs.push(o);
                continue;
            }
            for v in o.operands() {
                if space(v) == Some(MemSpace::Lram) && !lram.contains_key(&vkey(root(v))) {
                    faults.push(LramFault {
                        started: None,
                        op: o,
                        fault: Fault::NotResident,
                    });
                }
            }
            if oname != "torq_hl.load" {
                // Any use but a load's input may write the XRAM buffer (a
                // store, a host copy, a program): it then holds data.
                for v in o.operands() {
                    if let Some(w) = xram_written.get_mut(&vkey(root(v))) {
                        *w = true;
                    }
                }
                continue;
            }
            if let Some(out) = o.operand_at(0) {
                let k = vkey(root(out));
                if let (Some((_, start, _)), Some(l)) = (
                    holding.iter().find(|(_, _, bs)| bs.contains(&k)),
                    lram.get(&k),
                ) {
                    faults.push(LramFault {
                        op: o,
                        fault: Fault::LoadInFlight {
                            buffer: l.name.clone(),
                        },
                        started: Some(*start),
                    });
                }
            }
            if let Some(inp) = o.operand_at(1) {
                let k = vkey(root(inp));
                let allocated_here =
                    defining_op(root(inp)).is_some_and(|d| op_str(&d) == "memref.alloc");
                if allocated_here && xram_written.get(&k) != Some(&true) {
                    faults.push(LramFault {
                        started: None,
                        op: o,
                        fault: Fault::SwapInWithoutSwapOut,
                    });
                }
            }
        }
        for d in deallocs {
            let Some(v) = d.operand_at(0) else { continue };
            let k = vkey(root(v));
            // Inside a loop, a buffer allocated outside it would be freed
            // once per iteration.
            if let Some(l) = lram.get(&k) {
                let mut up = d.parent_operation();
                while let Some(p) = up {
                    if ir::facts::LOOP_OPS.contains(&op_str(&p)) {
                        faults.push(LramFault {
                            started: None,
                            op: d,
                            fault: Fault::DeallocInLoop {
                                buffer: l.name.clone(),
                                kind: op_str(&p).to_string(),
                            },
                        });
                        break;
                    }
                    if p == op {
                        break;
                    }
                    up = p.parent_operation();
                }
            }
            let holder = holding.iter().find(|(_, _, bs)| bs.contains(&k));
            if let (Some((_, start, _)), Some(l)) = (holder, lram.get(&k)) {
                faults.push(LramFault {
                    op: d,
                    fault: Fault::DeallocInFlight {
                        buffer: l.name.clone(),
                    },
                    started: Some(*start),
                });
                freed_late.push(k);
            } else if space(v) == Some(MemSpace::Lram) && lram.remove(&k).is_none() {
                faults.push(LramFault {
                    started: None,
                    op: d,
                    fault: Fault::DeallocNotLive,
                });
            }
            xram_written.remove(&k);
        }
        match name {
            "torq_hl.start_program" | "torq_hl.wait_program" => {
                let Some(inv) = op.operand_at(0) else {
                    continue;
                };
                let ty = inv.r#type().to_string();
                // An invocation no op of the function made (an argument)
                // runs on an executor nobody can name: no occupancy check.
                let key = ir::invocation_maker(inv)
                    .map(|d| (ty, attr_i64(&d, "executor_id").unwrap_or(0)));
                if name == "torq_hl.start_program" {
                    let held = op
                        .operands()
                        .skip(1)
                        .filter(|v| space(*v) == Some(MemSpace::Lram))
                        .map(|v| vkey(root(v)))
                        .collect();
                    if holding.iter().any(|(k, _, _)| *k == vkey(inv)) {
                        faults.push(LramFault {
                            started: None,
                            op,
                            fault: Fault::InvocationInFlight,
                        });
                    }
                    holding.push((vkey(inv), op, held));
                    if let Some(key) = key {
                        if in_flight.contains_key(&key) {
                            faults.push(LramFault {
                                started: None,
                                op,
                                fault: Fault::TwoInFlight {
                                    executor: key.0.clone(),
                                    id: key.1,
                                },
                            });
                        }
                        in_flight.insert(key, vkey(inv));
                    }
                } else {
                    if let Some(key) = key.filter(|k| in_flight.get(k) == Some(&vkey(inv))) {
                        in_flight.remove(&key);
                    }
                    // The wait releases what its program held: buffers
                    // deallocated meanwhile go now.
                    if let Some(at) = holding.iter().position(|(k, _, _)| *k == vkey(inv)) {
                        let (_, _, held) = holding.remove(at);
                        for b in held {
                            let still = holding.iter().any(|(_, _, bs)| bs.contains(&b));
                            if !still {
                                if let Some(i) = freed_late.iter().position(|&f| f == b) {
                                    freed_late.remove(i);
                                    lram.remove(&b);
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    faults
}

pub fn run<'c>(func: OperationRef<'c, '_>, opts: &PassOptions) -> Result<(), Vec<Diag<'c>>> {
    let hw = opts.hw().map_err(|e| vec![Diag::at(&func, e)])?;
    let faults = verify(func, &hw);
    if faults.is_empty() {
        return Ok(());
    }
    Err(faults
        .into_iter()
        .map(|f| {
            let d = Diag::at(&f.op, format!("{NAME}: {}", f.fault));
            match f.started {
                Some(start) => d.note(start.location(), "the program in flight started here"),
                None => d,
            }
        })
        .collect())
}
