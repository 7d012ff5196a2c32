//! `torq-prefetch-inputs`: reorders each block of the NSS stream so that
//! transfers overlap compute, and picks each program's slice (spec §3, §8).
//!
//! A thin layer over `crate::decide`, in three phases:
//! 1. read: every block of the function becomes a `sched::stream::Stream`
//!    (`ir::stream`), with its StreamGraph and the input order's numbers;
//!    any block that cannot be read fails the pass before anything is
//!    decided;
//! 2. decide: `decide::decide` (stream-schedule: the spec's passes 0 and 1,
//!    the list policies, the oracle and the improvement search) or
//!    `decide::constant_loads::decide` (auto, constant-loads) per block, in
//!    plain data; an internal error in any block fails the pass;
//! 3. write: the report and the trace files (the run's, see
//!    `passes::RunState`), the explain tables, the remarks of optimisations
//!    that failed; only then every block's committed order (pure ops just
//!    before their first user) and, under stream-schedule, each program's
//!    slice (its invocation's `executor_id`). A failure before this point
//!    leaves the function exactly as it was; the writes themselves cannot
//!    fail.
//!
//! `none` changes nothing. Options: passes/TorqOptions.def (scope
//! `prefetch`). Cost: the decisions' (see `crate::decide`), plus one
//! translation and one graph per block.

use super::{Diag, RunState};
use crate::budget::Budget;
use crate::decide::improve::{ImproveLimits, PolishBudget, PolishLimits};
use crate::decide::{
    self, constant_loads, BlockReport, Budgets, DecideOptions, Decision, PolicyChoice,
};
use crate::ir::OpExt;
use crate::ir::{self, op_str};
use crate::options::PassOptions;
use crate::sched::explain::{explain_table, order_table, trace_events};
use crate::sched::graph::StreamGraph;
use crate::sched::list::Policy;
use crate::sched::oracle::OracleLimits;
use crate::sched::simulate::simulate_order;
use crate::sched::stream::{Kind, NodeId};
use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef, OperationRefMut};
use melior::ir::{BlockLike, BlockRef, RegionLike, Type};

pub const NAME: &str = "torq-prefetch-inputs";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    StreamSchedule,
    ConstantLoads,
    None,
}

struct Options {
    algorithm: Algorithm,
    /// `torq-prefetch-algorithm` as given (`auto` and `oracle` included).
    algorithm_name: &'static str,
    decide: DecideOptions,
    report: String,
    explain: bool,
    trace: String,
}

fn options(o: &PassOptions) -> Result<Options, String> {
    use crate::options::{TorqListPolicy, TorqPrefetchAlgorithm as A};
    let v = o.typed().map_err(|e| e.to_string())?;
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let algorithm = match v.torq_prefetch_algorithm {
        A::Auto | A::ConstantLoads => Algorithm::ConstantLoads,
        A::StreamSchedule | A::Oracle => Algorithm::StreamSchedule,
        A::None => Algorithm::None,
    };
    let oracle = v.torq_prefetch_algorithm == A::Oracle;
    Ok(Options {
        algorithm,
        algorithm_name: v.torq_prefetch_algorithm.name(),
        decide: DecideOptions {
            hw: v.hw()?,
            cap_percent: v.torq_list_cap_percent,
            prefetch_percent: v.torq_list_prefetch_percent,
            urgent_starts: count(v.torq_list_urgent_starts),
            window: count(v.torq_list_window),
            policy: if oracle {
                PolicyChoice::Search
            } else {
                match v.torq_list_policy {
                    TorqListPolicy::Portfolio => PolicyChoice::Portfolio,
                    TorqListPolicy::Search => PolicyChoice::Search,
                    TorqListPolicy::Fifo => PolicyChoice::One(Policy::Fifo),
                    TorqListPolicy::CriticalPath => PolicyChoice::One(Policy::CriticalPath),
                    TorqListPolicy::LongestCompute => PolicyChoice::One(Policy::LongestCompute),
                    TorqListPolicy::Johnson => PolicyChoice::One(Policy::Johnson),
                }
            },
            gap_ppm: v.torq_oracle_gap_ppm,
            oracle: OracleLimits {
                // The wall-clock cap guards the explicit oracle algorithm
                // only; nothing else reads the clock.
                time: oracle.then_some(std::time::Duration::from_millis(
                    v.torq_oracle_time_limit_ms,
                )),
                ..OracleLimits::default()
            },
            improve: ImproveLimits::default(),
            polish: PolishLimits::default(),
            budget: Budgets {
                greedy_decodes: Budget::new(v.torq_greedy_decodes),
                descent: PolishBudget {
                    moves: Budget::new(v.torq_polish_moves),
                    priced: Budget::new(crate::decide::polish_priced(v.torq_prefetch_effort)),
                    expansions: Budget::new(v.torq_window_expansions),
                },
                oracle_steps: Budget::new(v.torq_oracle_steps),
                improve_moves: Budget::new(v.torq_improve_moves),
                long_windows: Budget::new(crate::decide::long_window_expansions(
                    v.torq_prefetch_effort,
                )),
            },
            record_steps: v.torq_prefetch_explain,
        },
        report: v.torq_prefetch_report,
        explain: v.torq_prefetch_explain,
        trace: v.torq_prefetch_trace,
    })
}

/// Puts the ops of `block` (node i = i-th op) in `order`; the terminator stays last.
fn reorder(ops: &[OperationRef], order: &[NodeId]) {
    let Some(&term) = ops.last() else { return };
    for &v in order {
        if v != ops.len().saturating_sub(1) {
            let mut m = unsafe { OperationRefMut::from_raw(ops[v].to_raw()) };
            m.move_before(term);
        }
    }
}

fn set_slices(invocations: &[OperationRef], slice_of: &[u32]) {
    for (inv, &s) in invocations.iter().zip(slice_of) {
        let cref = inv.context();
        // SAFETY: `cref` outlives every use of `ctx` in this iteration.
        let ctx = unsafe { cref.to_ref() };
        let attr = IntegerAttribute::new(Type::index(ctx), i64::from(s));
        let mut m = unsafe { OperationRefMut::from_raw(inv.to_raw()) };
        m.set_attribute("executor_id", attr.into());
    }
}

fn nth_block<'c, 'a>(func: OperationRef<'c, 'a>, n: usize) -> Option<BlockRef<'c, 'a>> {
    let mut b = func.region_at(0)?.first_block();
    for _ in 0..n {
        b = b?.next_in_region();
    }
    b
}

fn is_constant_source(v: melior::ir::Value) -> bool {
    match ir::defining_op(ir::root_of(v)) {
        Some(def) => match op_str(&def) {
            "torq_hl.const" => true,
            "torq_hl.map_binding" => ir::attr_bool(&def, "is_read_only").unwrap_or(false),
            _ => false,
        },
        None => false,
    }
}

/// One block, read and decided.
struct Decided<'c, 'a> {
    bs: ir::stream::BlockStream<'c, 'a>,
    g: StreamGraph,
    decision: Decision,
}

fn decide_block<'c, 'a>(
    func: OperationRef<'c, 'a>,
    block: BlockRef<'c, 'a>,
    index: usize,
    o: &Options,
) -> Result<Decided<'c, 'a>, Vec<Diag<'c>>> {
    let bs =
        ir::stream::block_to_stream(block, &o.decide.hw).map_err(|e| vec![Diag::of(NAME, e)])?;
    let g = StreamGraph::build(&bs.stream);
    let s = &bs.stream;
    let algorithm = match o.algorithm {
        Algorithm::StreamSchedule => decide::Decider::StreamSchedule,
        _ => decide::Decider::ConstantLoads,
    };
    let input = decide::BlockInput::read(s, &g, index, algorithm, &o.decide.hw);
    let decision = match o.algorithm {
        Algorithm::StreamSchedule => decide::decide(s, &g, &o.decide, &input)
            .map_err(|e| vec![Diag::at(&func, format!("{NAME}: {e}"))])?,
        _ => {
            let from_constant: Vec<bool> = (0..s.nodes.len())
                .map(|v| {
                    s.nodes[v].kind == Kind::Load
                        && bs.ops[v].operand_at(1).is_some_and(is_constant_source)
                })
                .collect();
            constant_loads::decide(s, &g, &from_constant, &o.decide.hw, &input)
        }
    };
    Ok(Decided { bs, g, decision })
}

/// Whether `func` is the first function of the block that holds it.
fn first_function(func: OperationRef) -> bool {
    let mut cur = func.block().and_then(|b| b.first_operation());
    while let Some(op) = cur {
        if op_str(&op) == "func.func" {
            return op == func;
        }
        cur = op.next_in_block();
    }
    false
}

pub fn run<'c>(
    func: OperationRef<'c, '_>,
    opts: &PassOptions,
    state: &RunState,
    analyses: &mut super::Analyses,
) -> Result<(), Vec<Diag<'c>>> {
    let at = |m: String| vec![Diag::at(&func, m)];
    let o = options(opts).map_err(at)?;
    // Outputs asked for that this algorithm does not make: said once, at
    // the first function of its module (the same one whatever the threads
    // do), not silently skipped.
    let unmade: Vec<&str> = [
        (
            "torq-prefetch-report",
            !o.report.is_empty() && o.algorithm == Algorithm::None,
        ),
        (
            "torq-prefetch-trace",
            !o.trace.is_empty() && o.algorithm == Algorithm::None,
        ),
        (
            "torq-prefetch-explain",
            o.explain && o.algorithm != Algorithm::StreamSchedule,
        ),
    ]
    .into_iter()
    .filter_map(|(option, unmade)| unmade.then_some(option))
    .collect();
    if !unmade.is_empty() && first_function(func) {
        let why = if o.algorithm == Algorithm::None {
            "torq-prefetch-algorithm=none decides nothing"
        } else {
            "the explain table is stream-schedule's; constant-loads (auto) has none"
        };
        ir::emit_warning(
            func.location(),
            &format!("{NAME}: {} not made: {why}", unmade.join(", ")),
        );
    }
    // Options given that this algorithm does not read: said once, as the
    // outputs above.
    let algorithm = o.algorithm_name;
    let idle = opts.without_effect(algorithm);
    if !idle.is_empty() && first_function(func) {
        let list: Vec<String> = idle
            .iter()
            .map(|(k, v, readers)| format!("{k}={v} (read by {readers} only)"))
            .collect();
        ir::emit_warning(
            func.location(),
            &format!(
                "{NAME}: without effect under torq-prefetch-algorithm={algorithm}: {}",
                list.join(", ")
            ),
        );
    }
    if o.algorithm == Algorithm::None {
        return Ok(());
    }
    let name = ir::attr_str(&func, "sym_name").unwrap_or_default();
    let loc = func.location().to_string();
    // Read and decide every block; nothing is written yet.
    let mut blocks = Vec::new();
    let mut index = 0;
    while let Some(block) = nth_block(func, index) {
        let _span = tracing::error_span!(target: NAME, "block", index).entered();
        blocks.push(decide_block(func, block, index, &o)?);
        index = index.saturating_add(1);
    }
    // The stream translation checked every block's facts (`ir::facts`);
    // a committed order keeps them (`decide::check_candidate`).
    analyses.checked = analyses.checked.with_within(o.decide.hw.slices);
    // Files first: a file that cannot be written fails the pass with the IR
    // untouched.
    if !o.report.is_empty() {
        let reports: Vec<&BlockReport> = blocks.iter().map(|b| &b.decision.report).collect();
        let value = serde_json::to_value(&reports).map_err(|e| at(e.to_string()))?;
        state
            .publish_report(&o.report, &name, &loc, value)
            .map_err(|m| at(format!("{NAME}: {m}")))?;
    }
    if !o.trace.is_empty() {
        let mut events = Vec::new();
        for (i, b) in blocks.iter().enumerate() {
            // The order that runs: the committed one, else the input's.
            let s = &b.bs.stream;
            let sim = match &b.decision.commit {
                Some(sched) => simulate_order(s, &b.g, &sched.order, &sched.slice_of),
                None => simulate_order(s, &b.g, &s.input_order(), &s.input_slices()),
            };
            events.extend(trace_events(s, &sim, i));
        }
        state
            .publish_trace(&o.trace, &format!("@{name}"), &loc, events)
            .map_err(|m| at(format!("{NAME}: {m}")))?;
    }
    if o.explain && o.algorithm == Algorithm::StreamSchedule {
        let _guard = state.explain_lock();
        for (i, b) in blocks.iter().enumerate() {
            let rep = &b.decision.report;
            eprintln!("// {NAME}: @{name} block {i}: {}", rep.decision);
            if let Some(sched) = &b.decision.commit {
                if let Some(g) = rep.gain_over_fifo {
                    eprintln!("// {g} cycles faster after allocation than the spec's fifo");
                }
                if sched.steps.is_empty() {
                    // An order no list-scheduler run produced: its ops on
                    // the time model.
                    let s = &b.bs.stream;
                    let sim = simulate_order(s, &b.g, &sched.order, &sched.slice_of);
                    eprint!("{}", order_table(s, &sim, &sched.order));
                } else {
                    eprint!("{}", explain_table(&b.bs.stream, sched));
                }
                eprintln!(
                    "// input {} -> predicted {} cycles (lower bound {})",
                    rep.input_predicted, sched.makespan, rep.lower_bound
                );
            }
        }
    }
    for b in &blocks {
        for m in &b.decision.warnings {
            ir::emit_warning(func.location(), &format!("{NAME}: {m}"));
        }
        for m in &b.decision.remarks {
            ir::emit_remark(func.location(), &format!("{NAME}: {m}"));
        }
    }
    // Commit every block.
    for b in &blocks {
        let rep = &b.decision.report;
        match &b.decision.commit {
            Some(sched) => {
                tracing::debug!(target: NAME, input = rep.input_predicted, predicted = sched.makespan, decision = %rep.decision, "commit");
                reorder(&b.bs.ops, &sched.order);
                if o.algorithm == Algorithm::StreamSchedule {
                    set_slices(&b.bs.invocations, &sched.slice_of);
                }
            }
            None => tracing::debug!(target: NAME, decision = %rep.decision, "keep"),
        }
    }
    Ok(())
}
