//! `torq-annotate-dma-and-slice-cycles`: the cost model, written into the IR.
//!
//! Phases, each one walk over the function:
//! 1. Every `torq_hl.load` / `torq_hl.store` gets `torq-async-bytes` =
//!    prod(shape) * element_size_bytes and `torq-async-duration-cycles` from
//!    the DMA formula (`Hw::transfer_cycles`, in-MTU for loads, out-MTU for
//!    stores); every `memref.copy` between LRAM and DTCM/ITCM gets the CDMA
//!    cost of its source's data bytes.
//! 2. In every `torq_hl.program` that holds `torq_hw.slice_task`s, the
//!    `torq_hw.slice_profiling` ops already there are erased and, as upstream
//!    does, one is inserted per task at the start of the body, task after
//!    task (so the last task's profile comes first), located at its task:
//!    `slice_mem` (upstream's encoded total size of the task's memref
//!    operands, summed), `slice_meminfo` (their shapes `AxB` joined by `+`, a
//!    rank-0 operand adding an empty shape), the twelve NDL cycle counts (DE*
//!    from the memory NDLs, CE*/AC* from the register NDLs) and `max_cycle`.
//!    A program without tasks keeps its profiles as they are.
//!
//! Recomputing instead of skipping makes the pass idempotent: a second run
//! gives the same IR. Cost: linear in the number of ops. All input is checked
//! before the IR is touched, so a failing run leaves the function unchanged.

use super::Diag;
use crate::buffer::MemSpace;
use crate::cost::{Direction, Hw, NdlCycles};
use crate::ir::OpExt;
use crate::ir::{self, op_name, op_str};
use crate::options::PassOptions;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationMutLike, OperationRef};
use melior::ir::{Attribute, BlockLike, Identifier, ValueLike};

pub const NAME: &str = "torq-annotate-dma-and-slice-cycles";

pub const DURATION_ATTR: &str = "torq-async-duration-cycles";
pub const BYTES_ATTR: &str = "torq-async-bytes";

struct Options {
    hw: Hw,
}

enum Planned<'c, 'a> {
    Transfer {
        op: OperationRef<'c, 'a>,
        bytes: u64,
        cycles: u64,
    },
    Profile {
        program: OperationRef<'c, 'a>,
        task: OperationRef<'c, 'a>,
        mem: u64,
        meminfo: String,
        cycles: NdlCycles,
    },
}

fn options(opts: &PassOptions) -> Result<Options, String> {
    Ok(Options { hw: opts.hw()? })
}

fn plan_task<'c, 'a>(task: OperationRef<'c, 'a>) -> Result<Planned<'c, 'a>, String> {
    let program = ir::ancestor_named(task, "torq_hl.program")
        .ok_or("torq_hw.slice_task must be inside a torq_hl.program")?;
    let (mem_ndls, reg_ndls) = ir::task_ndls(&task)?;
    let cycles = NdlCycles::of_task(&mem_ndls, &reg_ndls);
    let mut mem = 0u64;
    let mut shapes = Vec::new();
    for v in task.operands() {
        let ty = v.r#type();
        if ir::as_memref(ty).is_some() {
            let b = ir::buffer_type(ty)?;
            mem = mem.saturating_add(b.encoded_bytes());
            shapes.push(b.shape_text());
        }
    }
    if mem > i32::MAX as u64 {
        return Err(format!("slice_mem {mem} does not fit in i32"));
    }
    if cycles.max_cycle() > i32::MAX as u64 {
        return Err(format!(
            "max_cycle {} does not fit in i32",
            cycles.max_cycle()
        ));
    }
    Ok(Planned::Profile {
        program,
        task,
        mem,
        meminfo: shapes.join("+"),
        cycles,
    })
}

/// The `torq_hw.slice_profiling` op of one slice task (detached), with the
/// body it goes to the start of.
fn build_profile<'c, 'a>(
    ctx: &'c melior::Context,
    program: OperationRef<'c, 'a>,
    task: OperationRef<'c, 'a>,
    mem: u64,
    meminfo: &str,
    cycles: &NdlCycles,
    made: &mut std::collections::HashMap<String, Attribute<'c>>,
) -> Result<
    (
        OperationRef<'c, 'a>,
        melior::ir::BlockRef<'c, 'a>,
        melior::ir::Operation<'c>,
    ),
    String,
> {
    tracing::debug!(target: NAME, ?cycles, max = cycles.max_cycle(), "slice task");
    let mem = i32::try_from(mem)
        .map_err(|_| format!("a slice task of {mem} bytes: more than slice_mem (i32) holds"))?;
    let max = cycles.max_cycle();
    let max = i32::try_from(max)
        .map_err(|_| format!("a slice task of {max} cycles: more than max_cycle (i32) holds"))?;
    let text = format!(
        "#torq_hw<ndl_cycles {}>",
        cycles
            .values()
            .iter()
            .map(|(n, v)| format!("{n}({v})"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    // Tasks of the same shape share one uniqued attribute: parsed once.
    let ndl_attr = match made.get(&text) {
        Some(&a) => a,
        None => {
            let a = Attribute::parse(ctx, &text).ok_or_else(|| format!("cannot build {text}"))?;
            made.insert(text, a);
            a
        }
    };
    let profile = OperationBuilder::new("torq_hw.slice_profiling", task.location())
        .add_attributes(&[
            (Identifier::new(ctx, "slice_mem"), ir::i32_attr(ctx, mem)),
            (
                Identifier::new(ctx, "slice_meminfo"),
                melior::ir::attribute::StringAttribute::new(ctx, meminfo).into(),
            ),
            (Identifier::new(ctx, "max_cycle"), ir::i32_attr(ctx, max)),
            (Identifier::new(ctx, "slice_ndl_cycles"), ndl_attr),
        ])
        .build()
        .map_err(|e| e.to_string())?;
    let body = ir::body(program).ok_or("program without a body")?;
    Ok((program, body, profile))
}

pub fn run<'c>(func: OperationRef<'c, '_>, opts: &PassOptions) -> Result<(), Vec<Diag<'c>>> {
    let o = options(opts).map_err(|m| vec![Diag::at(&func, m)])?;
    let _span = tracing::debug_span!(target: NAME, "run").entered();

    // Phase 0: read everything, change nothing.
    let mut plan = Vec::new();
    let mut old_profiles = Vec::new();
    let mut errors = Vec::new();
    ir::walk_nested(func, &mut |op| {
        let name = op_str(&op);
        let planned = match name {
            // An annotation the input already has is recomputed, but read
            // first: a value no pass would accept is an error here too.
            "torq_hl.load" | "torq_hl.store" => ir::attr_count(&op, DURATION_ATTR)
                .and_then(|_| ir::attr_count(&op, BYTES_ATTR))
                .and_then(|_| ir::transfer_bytes(&op))
                .map(|bytes| {
                    let dir = if name == "torq_hl.load" {
                        Direction::In
                    } else {
                        Direction::Out
                    };
                    Some(Planned::Transfer {
                        op,
                        bytes,
                        cycles: o.hw.transfer_cycles(bytes, dir),
                    })
                }),
            "memref.copy" => (|| {
                let src = op.operand_at(0).ok_or("has no operand 0")?;
                let dst = op.operand_at(1).ok_or("has no operand 1")?;
                let (ss, ds) = (ir::memory_space(src), ir::memory_space(dst));
                let tcm = |s| matches!(s, Some(MemSpace::Dtcm | MemSpace::Itcm));
                let cdma = (ss == Some(MemSpace::Lram) && tcm(ds))
                    || (ds == Some(MemSpace::Lram) && tcm(ss));
                if !cdma {
                    return Ok(None);
                }
                let bytes = ir::buffer_type(src.r#type())?.data_bytes();
                Ok(Some(Planned::Transfer {
                    op,
                    bytes,
                    cycles: o.hw.cdma_cycles(bytes),
                }))
            })(),
            "torq_hw.slice_task" => plan_task(op).map(Some),
            "torq_hw.slice_profiling" => {
                if let Some(p) = ir::ancestor_named(op, "torq_hl.program") {
                    old_profiles.push((p, op));
                }
                Ok(None)
            }
            _ => Ok(None),
        };
        let planned = planned.and_then(|p| match p {
            Some(Planned::Transfer { bytes, cycles, .. })
                if cycles > crate::sched::stream::MAX_CYCLES =>
            {
                Err(format!(
                    "a transfer of {bytes} bytes takes {cycles} cycles: more than the 2^40 the passes take"
                ))
            }
            other => Ok(other),
        });
        match planned {
            Ok(Some(p)) => plan.push(p),
            Ok(None) => {}
            Err(m) => errors.push(Diag::at(&op, format!("{NAME}: {m}"))),
        }
    });
    if !errors.is_empty() {
        return Err(errors);
    }

    // Phase 0, continued: build every new profile op (detached) and find
    // its program body, so that nothing can fail once writing begins.
    let cref = func.context();
    // SAFETY: `cref` lives until the end of this function, and so does every use of `ctx`.
    let ctx = unsafe { cref.to_ref() };
    let mut transfers = Vec::new();
    let mut profiles = Vec::new();
    let mut made = std::collections::HashMap::new();
    for p in plan {
        match p {
            Planned::Transfer { op, bytes, cycles } => transfers.push((op, bytes, cycles)),
            Planned::Profile {
                program,
                task,
                mem,
                meminfo,
                cycles,
            } => match build_profile(ctx, program, task, mem, &meminfo, &cycles, &mut made) {
                Ok(x) => profiles.push(x),
                Err(m) => errors.push(Diag::at(&program, format!("{NAME}: {m}"))),
            },
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }

    // Phase 1: write (nothing here can fail).
    let with_tasks: std::collections::HashSet<usize> = profiles
        .iter()
        .map(|(program, _, _)| program.to_raw().ptr as usize)
        .collect();
    for (program, op) in old_profiles {
        if with_tasks.contains(&(program.to_raw().ptr as usize)) {
            // SAFETY: collected above, still in the IR, erased once.
            unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
        }
    }
    for (op, bytes, cycles) in transfers {
        tracing::debug!(target: NAME, op = %op_name(&op), bytes, cycles, "transfer");
        let mut m = unsafe { melior::ir::operation::OperationRefMut::from_raw(op.to_raw()) };
        // Both checked to fit an i64 in phase 0.
        m.set_attribute(BYTES_ATTR, ir::i64_attr(ctx, bytes as i64));
        m.set_attribute(DURATION_ATTR, ir::i64_attr(ctx, cycles as i64));
    }
    for (_, body, profile) in profiles {
        body.insert_operation(0, profile);
    }
    Ok(())
}
