//! What a program does to its arguments, read from its body: the analysis
//! the stream translation (a start's accesses) and RecoverLramResidency
//! (which loads it may narrow) share.

use super::{op_str, root_of, VIEW_OPS};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockLike, Value, ValueLike};

/// How a program uses each of its arguments: (read, written). **A buffer
/// handed to a program is the program's until its wait**: an argument whose
/// use the reader cannot see (the body never names it, or names it in an op
/// that is not a slice task) counts as read and written.
pub fn program_arg_effects(program: &OperationRef) -> Vec<(bool, bool)> {
    let Some(body) = super::body(*program) else {
        return vec![];
    };
    let n = body.argument_count();
    let mut effects = vec![(false, false); n];
    let arg_index = |v: Value| -> Option<usize> {
        let root = root_of(v);
        unsafe {
            let raw = root.to_raw();
            if mlir_sys::mlirValueIsABlockArgument(raw)
                && mlir_sys::mlirBlockArgumentGetOwner(raw).ptr == body.to_raw().ptr
            {
                Some(mlir_sys::mlirBlockArgumentGetArgNumber(raw) as usize)
            } else {
                None
            }
        }
    };
    super::walk_nested(*program, &mut |op| {
        let name = op_str(&op);
        // Views and address queries touch no data; profiles name no buffer.
        if VIEW_OPS.contains(&name)
            || name == "torq_hw.slice_profiling"
            || name == "torq_hw.get_address"
        {
            return;
        }
        // slice_task operand groups: d, w, b, q, dx, bx, symbols.
        let q_range = if name == "torq_hw.slice_task" {
            segment_range(&op, 3)
        } else {
            None
        };
        for (i, v) in op.operands().enumerate() {
            if let Some(a) = arg_index(v) {
                match (&q_range, name) {
                    (Some(r), _) if r.contains(&i) => effects[a].1 = true,
                    (Some(_), _) => effects[a].0 = true,
                    _ => effects[a] = (true, true),
                }
            }
        }
    });
    for e in &mut effects {
        if *e == (false, false) {
            *e = (true, true);
        }
    }
    effects
}

/// The arguments of a `torq_hl.start_program` with what `program` (when
/// known) does to each: (operand index, (read, written)). Operand order:
/// invocation, code sections, arguments; an op without
/// operandSegmentSizes has no code sections. An argument the program does
/// not declare, or of an unknown program, counts as read and written.
pub fn start_arg_effects(
    start: &OperationRef,
    program: Option<&OperationRef>,
) -> Vec<(usize, (bool, bool))> {
    let effects = program.map(program_arg_effects).unwrap_or_default();
    segment_range(start, 2)
        .unwrap_or(1..start.operand_count())
        .enumerate()
        .map(|(k, i)| (i, effects.get(k).copied().unwrap_or((true, true))))
        .collect()
}

/// The operand range of segment `seg` of an op with operandSegmentSizes.
pub fn segment_range(op: &OperationRef, seg: usize) -> Option<std::ops::Range<usize>> {
    let a = op.attribute("operandSegmentSizes").ok()?;
    let arr = melior::ir::attribute::DenseI32ArrayAttribute::try_from(a).ok()?;
    let sizes: Vec<usize> = (0..arr.len())
        .map(|i| arr.element(i).unwrap_or(0) as usize)
        .collect();
    let begin: usize = sizes.iter().take(seg).sum();
    Some(begin..begin.checked_add(*sizes.get(seg)?)?)
}
