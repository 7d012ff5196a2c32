//! The exact oracle: the optimum makespan of a block under the spec's time
//! model, or a proven interval around it, from a constraint solver.
//!
//! # The model
//!
//! Every scheduled node `v` gets a time `T_v`; a program `p` a slice `σ_p`.
//!
//! - The stream is one unary resource: loads, stores and barriers occupy it
//!   for their duration, a start for one cycle (a `disjunctive`).
//! - Every StreamGraph edge `u -> v` is `T_v >= T_u + lag`, where the lag is
//!   what `u` costs the stream (a start -> its own wait: the program's
//!   compute, at least one cycle). A wait is an instant, at or after its
//!   program's end.
//! - A slice runs one program from its start to its wait: two programs that
//!   no dependence orders either sit on different slices or one's wait comes
//!   no later than the other's start (one clause per pair and slice, over two
//!   half-reified precedences). A start without a wait holds its slice from
//!   its barrier on.
//! - LRAM (when all buffers together exceed it): at a buffer's birth (its
//!   first access) the bytes of every buffer born no later and dying strictly
//!   later, plus its own, fit in usable LRAM. Ties between instants are
//!   counted in the relaxing direction, so the model never forbids an order
//!   the simulator accepts. These constraints are added lazily: a solution
//!   whose replay overflows gets the constraint at each birth where it
//!   overflowed, and the probe is asked again (a relaxation at every step, so
//!   every refutation stays a valid bound).
//! - makespan `M` >= every node's end.
//!
//! Any order, played by `simulate_order`, gives times that satisfy all of
//! this, so the model's optimum is a lower bound of every order whose live
//! LRAM stays within usable LRAM. Conversely a solution sorted by time (a
//! wait first among equal times, dependences kept) is an order whose
//! simulated makespan is at most the solution's `M`: the simulator plays
//! every op as soon as the stream lets it. `solve` re-plays every solution
//! it returns and refuses one that disagrees.
//!
//! # The search
//!
//! The solver is Pumpkin (crates.io `pumpkin-solver`, a lazy-clause-
//! generation CP solver from TU Delft's ConSol lab: disjunctive with edge
//! finding, half reification, learned clauses kept across calls, and
//! assumptions, which is what a bisection on the makespan needs). The
//! interval starts at `[analytic lower bound, incumbent]` (the incumbent is
//! the caller's best order) and is bisected: each probe asks "is there a
//! schedule with `M <= target`?" under an assumption; a solution lowers the
//! upper end to its simulated makespan, a refutation raises the lower end
//! to `target + 1`. A probe may use half of what is left of the budget; a
//! probe that runs out proves nothing, and the bisection goes on above its
//! target. Under a gap (`OracleLimits::gap_ppm`) a probe asks for the best
//! less the gap instead of the midpoint, and one that runs out is followed
//! by one asking for any order faster than the best, with the rest of the
//! budget. The budget is counted in solver steps (deterministic; capped by
//! wall-clock time only for the explicit oracle algorithm): a step is a
//! round of the solver (propagate, then decide) and one more per
//! `EVENTS_PER_STEP` bound changes that its propagation makes, counted by a
//! meter propagator on every variable of the model. Counting rounds alone
//! let a step cost 3 ms on LM-head tiles, 300 times one on attention
//! blocks, where bounds move back and forth in small increments; counting
//! the events keeps a step within a few microseconds to tens of them
//! (`examples/oracle_step_cost.rs`). Known limit: the solver is asked to
//! stop only between rounds, so one round's propagation is not cut: after
//! LRAM constraints are added on six big weights, one root propagation makes
//! 200,000 bound changes (0.2 s) before the budget can stop it.
//!
//! Known limit: the model counts live bytes, not the allocator's holes. An
//! order it finds within usable LRAM may not place (big weights alternating
//! ends of LRAM); the pass prices every order after allocation, and the
//! improvement search (`sched::improve`) walks from the oracle's order to
//! placed ones with the allocator in the loop.
//!
//! Cost: O(nodes + edges + programs^2 x slices) variables and clauses, plus
//! O(buffers) per LRAM birth constrained; solving is exponential in the worst case, hence the budget and
//! the size limit.

use super::bounds::lower_bounds_within;
use super::graph::StreamGraph;
use super::list::{list_schedule_with, ListParams, Policy, Schedule};
use super::paths::{longest_heads, longest_tails, Reach};
use super::simulate::{simulate_order, Lifetimes};
use super::stream::{Kind, NodeId, Stream};
use crate::budget::Budget;
use pumpkin_solver::conflict_resolvers::resolvers::{AnalysisMode, ResolutionResolver};
use pumpkin_solver::core::predicate;
use pumpkin_solver::core::propagation::{
    DomainEvents, EnqueueDecision, EventsToRegister, LocalId, NotificationContext,
    OpaqueDomainEvent, PropagationContext, Propagator, PropagatorConstructor,
    PropagatorConstructorContext, PropagatorSpec, RuntimeCheckers,
};
use pumpkin_solver::core::results::{ProblemSolution, SatisfactionResultUnderAssumptions};
use pumpkin_solver::core::state::PropagationStatusCP;
use pumpkin_solver::core::termination::TerminationCondition;
use pumpkin_solver::core::variables::{AffineView, DomainId, TransformableVariable};
use pumpkin_solver::propagators::disjunctive::ArgDisjunctiveTask;
use pumpkin_solver::Solver;
use serde::Serialize;
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The oracle's shape (its solver steps, propagate-and-decide rounds over
/// all probes, are a [`Budget`]: deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OracleLimits {
    /// Wall-clock cap over all probes: a hang guard of the explicit oracle
    /// algorithm only (`torq-prefetch-algorithm=oracle`), None everywhere
    /// else. A result it stopped depends on the machine; the decision warns
    /// when it fires.
    pub time: Option<Duration>,
    /// Scheduled nodes above which the oracle declines the block.
    pub max_nodes: usize,
    /// LRAM pair constraints above which LRAM is left out (the bound stays
    /// valid; an order that breaks LRAM is not returned as the best).
    pub max_lram_pairs: usize,
    /// Parts per million: the search stops once its proven bound is within
    /// this of its best order, and each probe asks for that much better
    /// than the best (0: bisection to the optimum).
    pub gap_ppm: u64,
}

impl OracleLimits {
    /// The gap at makespan `m`: `gap_ppm` parts per million of it.
    pub fn gap_of(&self, m: u64) -> u64 {
        gap_of(m, self.gap_ppm)
    }
}

/// `ppm` parts per million of makespan `m` (rounded down).
pub fn gap_of(m: u64, ppm: u64) -> u64 {
    m.saturating_mul(ppm) / 1_000_000
}

/// Scheduled nodes above which the oracle declines a block (its model
/// grows with the pairs of nodes; a long block is left to the other
/// stages).
pub const MAX_NODES: usize = 400;

/// The pass's defaults (passes/TorqOptions.def).
impl Default for OracleLimits {
    fn default() -> Self {
        use crate::option_table::defaults as d;
        OracleLimits {
            time: None,
            max_nodes: MAX_NODES,
            max_lram_pairs: 40_000,
            gap_ppm: d::TORQ_ORACLE_GAP_PPM as u64,
        }
    }
}

/// Why the search ended before the interval closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stop {
    Steps,
    Time,
    /// The solver failed (a panic inside it, caught): the search ended with
    /// what it had; `OracleResult::solver_failure` says what.
    Solver,
    /// The bound proves the best order within `OracleLimits::gap_ppm`.
    Gap,
}

/// One bisection probe: "a schedule with makespan <= target?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    pub target: u64,
    /// "sat <makespan>", "unsat" or "unknown".
    pub outcome: String,
    /// Budget steps charged (`EVENTS_PER_STEP`).
    pub steps: u64,
    /// Bound changes the meters counted during the probe.
    pub events: u64,
    /// The solver's rounds (propagate, then decide) during the probe.
    pub rounds: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OracleResult {
    /// The best order known at the end (the incumbent or a better one),
    /// complete with pure nodes, and its slices.
    pub order: Vec<NodeId>,
    pub slice_of: Vec<u32>,
    /// Its simulated makespan and peak live LRAM bytes (as
    /// `simulate_order` plays it).
    pub makespan: u64,
    pub peak_live_bytes: u64,
    /// A proven lower bound of every order within usable LRAM.
    pub bound: u64,
    /// The analytic bound the interval started from.
    pub analytic_bound: u64,
    /// `bound == makespan`.
    pub optimal: bool,
    /// The solver found an order faster than the incumbent.
    pub improved: bool,
    /// LRAM was in the model (false: it did not bind, or too many pairs).
    pub lram_modelled: bool,
    pub probes: Vec<Probe>,
    pub stopped: Option<Stop>,
    /// The solver's panic message when it failed mid-search (see
    /// `Stop::Solver`): the order and bound are those found before.
    pub solver_failure: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    #[error("the block has {nodes} scheduled nodes, above the oracle's limit of {limit}")]
    TooLarge { nodes: usize, limit: usize },
    #[error("the block's serial time does not fit the solver's 32-bit integers")]
    HorizonTooLarge,
    #[error("the block's LRAM sizes do not fit the solver's 32-bit integers")]
    BytesTooLarge,
    #[error("the dependences have a cycle")]
    Cycle,
    #[error("the incumbent order has {0} entries for {1} nodes")]
    BadIncumbent(usize, usize),
    #[error("no order keeps live LRAM within {usable} bytes")]
    NoFeasibleOrder { usable: u64 },
    #[error("internal: a solution with makespan {model} replays as {replayed}")]
    ModelMismatch { model: u64, replayed: u64 },
}

/// The oracle's usual starting point: the fastest list schedule of any
/// priority policy (spec defaults, full cap) whose live LRAM stays within
/// `usable`.
pub fn incumbent(stream: &Stream, graph: &StreamGraph, usable: u64) -> Option<Schedule> {
    Policy::ALL
        .into_iter()
        .filter_map(|p| list_schedule_with(stream, graph, ListParams::new(usable), p, false).ok())
        .filter(|x| x.peak_live_bytes <= usable)
        .min_by_key(|x| x.makespan)
}

/// Domain events per step: the budget counts a step for each round of the
/// solver (propagate to the fixed point, then decide) and one more for each
/// this many bound changes of the model's variables its propagation makes.
/// Where bounds settle at once a round makes fewer; where precedences and
/// the disjunctive push bounds back and forth in small increments (big
/// weights, LM-head tiles), one round makes thousands, and the steps count
/// that work: what a step costs is bounded on every shape.
pub const EVENTS_PER_STEP: u64 = 16;

/// Counts the bound changes of the variables it watches, doing nothing
/// else: the work the solver's propagation really does, which a round
/// counter does not see.
#[derive(Clone)]
struct Meter(Rc<Cell<u64>>);

impl Propagator for Meter {
    fn name(&self) -> &str {
        "torq-work-meter"
    }

    fn propagate_from_scratch(&self, _: PropagationContext) -> PropagationStatusCP {
        Ok(())
    }

    fn notify(
        &mut self,
        _: NotificationContext,
        _: LocalId,
        _: OpaqueDomainEvent,
    ) -> EnqueueDecision {
        self.0.set(self.0.get().saturating_add(1));
        EnqueueDecision::Skip
    }
}

/// A meter on `vars`, counting into `events`.
struct Watch {
    vars: Vec<AffineView<DomainId>>,
    events: Rc<Cell<u64>>,
}

impl PropagatorConstructor for Watch {
    type PropagatorImpl = Meter;

    fn create(self, _: PropagatorConstructorContext) -> PropagatorSpec<Meter> {
        let mut registration = EventsToRegister::builder();
        for (i, v) in self.vars.iter().enumerate() {
            registration = registration.add(
                v,
                DomainEvents::BOUNDS,
                LocalId::from(u32::try_from(i).unwrap_or(u32::MAX)),
            );
        }
        PropagatorSpec {
            registration: registration.build(),
            checkers: RuntimeCheckers::empty(),
            propagator: Meter(self.events),
        }
    }
}

/// Puts a meter on `vars` (none for no variables).
fn meter(solver: &mut Solver, vars: Vec<AffineView<DomainId>>, events: &Rc<Cell<u64>>) {
    if !vars.is_empty() {
        let _ = solver.add_propagator(Watch {
            vars,
            events: Rc::clone(events),
        });
    }
}

/// The solver's gauge: its steps are a [`Budget`] (`EVENTS_PER_STEP`),
/// with a wall-clock cap only when one is given.
struct Gauge {
    steps: Budget,
    deadline: Option<Instant>,
    stopped: Option<Stop>,
    /// The meters' count, the part of it already charged, and events not
    /// yet making a whole step.
    events: Rc<Cell<u64>>,
    seen: u64,
    pending: u64,
    /// Rounds the budget let run.
    rounds: u64,
}

impl Gauge {
    fn new(steps: Budget, deadline: Option<Instant>, events: &Rc<Cell<u64>>) -> Self {
        Gauge {
            steps,
            deadline,
            stopped: None,
            events: Rc::clone(events),
            seen: events.get(),
            pending: 0,
            rounds: 0,
        }
    }
}

impl TerminationCondition for Gauge {
    fn should_stop(&mut self) -> bool {
        // The round about to start, and the events of the one before.
        let now = self.events.get();
        self.pending = self.pending.saturating_add(now.saturating_sub(self.seen));
        self.seen = now;
        let cost = (self.pending / EVENTS_PER_STEP).saturating_add(1);
        self.pending %= EVENTS_PER_STEP;
        if self.steps.left() < cost {
            self.steps.charge(cost);
            self.stopped = Some(Stop::Steps);
            return true;
        }
        // The clock is read at every step (a step can take milliseconds on
        // LRAM-tight blocks; reading it costs nanoseconds).
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Stop::Time);
            return true;
        }
        self.steps.charge(cost);
        self.rounds = self.rounds.saturating_add(1);
        false
    }
}

/// One solver call's answer, taken out of the solver's borrow.
enum Answer {
    Sat(u64, Vec<i64>, Vec<u32>),
    UnsatUnder,
    Unsat,
    Unknown,
}

/// What a node costs the stream.
fn stream_duration(stream: &Stream, v: NodeId) -> u64 {
    let n = &stream.nodes[v];
    match n.kind {
        Kind::Load | Kind::Store | Kind::Barrier => n.duration,
        Kind::Start => 1,
        Kind::Wait | Kind::Pure => 0,
    }
}

/// What `u` costs the stream before `v` may begin: its own duration, or for
/// a start before its own wait, the program's compute (at least one cycle).
fn lag(stream: &Stream, u: NodeId, v: NodeId) -> u64 {
    match stream.nodes[u].program.map(|p| &stream.programs[p]) {
        Some(p) if stream.nodes[u].kind == Kind::Start && p.wait == v => p.compute.max(1),
        _ => stream_duration(stream, u),
    }
}

/// Solves `stream` within `limits`, starting from the incumbent order
/// (complete, pure nodes included) and its slices.
pub fn solve(
    stream: &Stream,
    graph: &StreamGraph,
    usable: u64,
    incumbent: (&[NodeId], &[u32]),
    limits: OracleLimits,
    steps: Budget,
) -> Result<OracleResult, OracleError> {
    let n = stream.nodes.len();
    if incumbent.0.len() != n {
        return Err(OracleError::BadIncumbent(incumbent.0.len(), n));
    }
    let scheduled: Vec<NodeId> = (0..n)
        .filter(|&v| stream.nodes[v].kind != Kind::Pure)
        .collect();
    if scheduled.len() > limits.max_nodes {
        return Err(OracleError::TooLarge {
            nodes: scheduled.len(),
            limit: limits.max_nodes,
        });
    }
    let topo: Vec<NodeId> = petgraph::algo::toposort(&graph.graph, None)
        .map_err(|_| OracleError::Cycle)?
        .into_iter()
        .map(|x| x.index())
        .collect();
    let dur: Vec<u64> = (0..n).map(|v| stream_duration(stream, v)).collect();
    // Every node's duration, every program's compute (at least 1), one.
    let horizon: u64 = stream.programs.iter().fold(
        dur.iter().fold(1u64, |h, &d| h.saturating_add(d)),
        |h, p| h.saturating_add(p.compute.max(1)),
    );
    let h = i32::try_from(horizon).map_err(|_| OracleError::HorizonTooLarge)?;
    let lram_total: u64 = stream
        .buffers
        .iter()
        .filter(|b| b.lram)
        .map(|b| b.bytes)
        .sum();

    // The incumbent, and the interval.
    let inc = simulate_order(stream, graph, incumbent.0, incumbent.1);
    let inc_ok = inc.peak_live_bytes <= usable;
    let analytic = lower_bounds_within(stream, graph, Some(usable)).best;
    let mut best = (
        incumbent.0.to_vec(),
        incumbent.1.to_vec(),
        inc.makespan,
        inc.peak_live_bytes,
    );
    let mut lb = analytic;
    let mut ub = if inc_ok { inc.makespan } else { horizon };
    let mut have_feasible = inc_ok;

    let reach = Reach::new(graph, &topo);
    let mut solver = Solver::default();
    let tag = solver.new_constraint_tag();
    // Time windows from the graph: no op starts before its longest path from
    // the sources, nor after the horizon less its longest path to the end.
    let lag_of = |u, v| lag(stream, u, v);
    let est = longest_heads(graph, &topo, lag_of);
    let tail = longest_tails(graph, &topo, |v| dur[v], lag_of);
    let t: Vec<Option<DomainId>> = (0..n)
        .map(|v| {
            (stream.nodes[v].kind != Kind::Pure).then(|| {
                let hi = (horizon.saturating_sub(tail[v].max(dur[v]))).max(est[v]);
                solver.new_bounded_integer(est[v] as i32, hi as i32)
            })
        })
        .collect();
    let tv = |v: NodeId| t[v].expect("a scheduled node has a time");
    let makespan = solver.new_bounded_integer(0, h);
    // Every variable of the model goes under a meter (`Meter`), which the
    // step budget (`Gauge`) reads.
    let events = Rc::new(Cell::new(0u64));
    let mut metered: Vec<AffineView<DomainId>> = t.iter().flatten().map(|x| x.scaled(1)).collect();
    metered.push(makespan.scaled(1));

    // Ends, dependences, the stream.
    for &v in &scheduled {
        if graph.succs(v).next().is_none() {
            solver
                .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                    tv(v).offset(dur[v] as i32),
                    makespan.scaled(1),
                    tag,
                ))
                .post();
        }
    }
    for (u, v, _) in graph.edges() {
        solver
            .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                tv(u).offset(lag(stream, u, v) as i32),
                tv(v).scaled(1),
                tag,
            ))
            .post();
    }
    let tasks: Vec<ArgDisjunctiveTask<DomainId>> = scheduled
        .iter()
        .filter(|&&v| dur[v] > 0)
        .map(|&v| ArgDisjunctiveTask {
            start_time: tv(v),
            processing_time: dur[v] as i32,
        })
        .collect();
    if tasks.len() > 1 {
        solver
            .add_constraint(pumpkin_solver::disjunctive_strict(tasks, tag))
            .post();
    }

    // Slices.
    let k = stream.slices.max(1);
    let sigma: Vec<DomainId> = stream
        .programs
        .iter()
        .map(|_| solver.new_bounded_integer(0, (k as i32).saturating_sub(1)))
        .collect();
    let holders: Vec<(NodeId, u32)> = scheduled
        .iter()
        .filter_map(|&v| stream.nodes[v].holds_slice.map(|s| (v, s)))
        .collect();
    for &(hn, s) in &holders {
        for (p, prog) in stream.programs.iter().enumerate() {
            if reach.reaches(hn, prog.wait) {
                let sp = sigma[p];
                solver.add_clause([predicate![sp != s as i32]], tag);
            }
        }
    }
    if holders.is_empty() && k > 1 && !sigma.is_empty() {
        let s0 = sigma[0];
        solver.add_clause([predicate![s0 <= 0]], tag);
    }
    let progs = &stream.programs;
    for p in 0..progs.len() {
        for q in p.saturating_add(1)..progs.len() {
            let (sp, wp, sq, wq) = (progs[p].start, progs[p].wait, progs[q].start, progs[q].wait);
            if reach.reaches(wp, sq) || reach.reaches(wq, sp) {
                continue;
            }
            let before = solver.new_literal();
            let after = solver.new_literal();
            metered.push(before.get_integer_variable());
            metered.push(after.get_integer_variable());
            solver
                .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                    tv(wp).scaled(1),
                    tv(sq).scaled(1),
                    tag,
                ))
                .implied_by(before);
            solver
                .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                    tv(wq).scaled(1),
                    tv(sp).scaled(1),
                    tag,
                ))
                .implied_by(after);
            let (xp, xq) = (sigma[p], sigma[q]);
            for s in 0..k as i32 {
                solver.add_clause(
                    [
                        predicate![xp != s],
                        predicate![xq != s],
                        before.get_true_predicate(),
                        after.get_true_predicate(),
                    ],
                    tag,
                );
            }
        }
    }

    metered.extend(sigma.iter().map(|x| x.scaled(1)));
    meter(&mut solver, metered, &events);

    // LRAM, lazily: a birth's constraint is added when a solution breaks it.
    let mut lram = if lram_total > usable {
        Some(Lram::new(stream, graph, &events)?)
    } else {
        None
    };

    // Bisection.
    let start = Instant::now();
    let mut budget = Gauge::new(
        steps,
        limits.time.and_then(|t| start.checked_add(t)),
        &events,
    );
    let mut probes = Vec::new();
    let mut lram_gave_up = false;
    let mut solver_failure: Option<String> = None;
    let mut brancher = solver.default_brancher();
    let mut resolver = ResolutionResolver::new(AnalysisMode::OneUIP, false, false);
    // Probes bisect [lo, ub); a refuted probe raises lb and lo, one that
    // runs out of budget raises only lo (the search goes on above it).
    let mut lo = lb;
    // Under a gap, a probe asks for the best less the gap: refuted, the
    // bound proves the best within it.
    let gap_of = |ub: u64| limits.gap_of(ub);
    // Under a gap: set once a gap probe has run out; the next probe then
    // asks for any order faster than the best (see below).
    let mut looser = false;
    while (lo < ub || !have_feasible) && !budget.steps.is_spent() && budget.stopped.is_none() {
        if have_feasible && limits.gap_ppm > 0 && ub.saturating_sub(lb) <= gap_of(ub) {
            budget.stopped = Some(Stop::Gap);
            break;
        }
        let target = if !have_feasible {
            horizon
        } else if limits.gap_ppm > 0 && looser {
            ub.saturating_sub(1).max(lo)
        } else if limits.gap_ppm > 0 {
            ub.saturating_sub(1).saturating_sub(gap_of(ub)).max(lo)
        } else {
            lo.saturating_add(ub.saturating_sub(1).saturating_sub(lo) / 2)
        };
        let left = budget.steps.left();
        let mut probe_budget = Gauge::new(
            budget.steps.part((left / 2).max(left.min(1000))),
            budget.deadline,
            &events,
        );
        let target_i = target as i32;
        let events_before = events.get();
        let outcome = loop {
            // pumpkin-core 0.5 asserts when a call follows one whose budget
            // ran out at the root (its state stays `Timeout`, and the next
            // solve refuses to start): such a panic ends the search with what
            // it has, never the compile. The solver is not used after it.
            let call = crate::panic::caught(|| {
                match solver.satisfy_under_assumptions(
                    &mut brancher,
                    &mut probe_budget,
                    &mut resolver,
                    &[predicate![makespan <= target_i]],
                ) {
                    SatisfactionResultUnderAssumptions::Satisfiable(sat) => {
                        let sol = sat.solution();
                        let model_m = sol.get_integer_value(makespan) as u64;
                        let times: Vec<i64> = (0..n)
                            .map(|v| t[v].map_or(-1, |d| sol.get_integer_value(d) as i64))
                            .collect();
                        let slices: Vec<u32> = sigma
                            .iter()
                            .map(|&s| sol.get_integer_value(s) as u32)
                            .collect();
                        Answer::Sat(model_m, times, slices)
                    }
                    SatisfactionResultUnderAssumptions::UnsatisfiableUnderAssumptions(_) => {
                        Answer::UnsatUnder
                    }
                    SatisfactionResultUnderAssumptions::Unsatisfiable(_) => Answer::Unsat,
                    SatisfactionResultUnderAssumptions::Unknown(_) => Answer::Unknown,
                }
            });
            let answer = match call {
                Ok(a) => a,
                Err(m) => {
                    solver_failure = Some(m);
                    budget.stopped = Some(Stop::Solver);
                    break "solver failed".to_string();
                }
            };
            let found = match answer {
                Answer::Sat(model_m, times, slices) => (model_m, times, slices),
                Answer::UnsatUnder => {
                    lb = target.saturating_add(1);
                    lo = lo.max(lb);
                    break "unsat".to_string();
                }
                Answer::Unsat => {
                    return Err(OracleError::NoFeasibleOrder { usable });
                }
                Answer::Unknown => {
                    if probe_budget.stopped == Some(Stop::Time) {
                        budget.stopped = Some(Stop::Time);
                    }
                    lo = target.saturating_add(1);
                    break "unknown".to_string();
                }
            };
            let (model_m, times, slices) = found;
            let seq = sequence(stream, graph, &scheduled, &times);
            let order = graph.complete_order(&seq);
            let sim = simulate_order(stream, graph, &order, &slices);
            if sim.makespan > model_m {
                return Err(OracleError::ModelMismatch {
                    model: model_m,
                    replayed: sim.makespan,
                });
            }
            if sim.peak_live_bytes <= usable {
                if sim.makespan < best.2 || !have_feasible {
                    best = (order, slices, sim.makespan, sim.peak_live_bytes);
                }
                ub = ub.min(sim.makespan);
                have_feasible = true;
                break format!("sat {}", sim.makespan);
            }
            // The order breaks LRAM: constrain the births where it overflows
            // and ask again; when nothing new can be added (a tie the model
            // relaxes, or too many pairs), the bound stands and the search ends.
            let over = overflowing_births(stream, graph, &order, usable);
            let added = match lram.as_mut() {
                Some(l) => l.constrain(&mut solver, &over, &reach, &t, h, usable, limits, tag)?,
                None => false,
            };
            if !added {
                lram_gave_up = true;
                break format!("sat {} over LRAM", sim.makespan);
            }
        };
        budget.steps.absorb(probe_budget.steps);
        let probe_events = events.get().saturating_sub(events_before);
        tracing::trace!(target: "torq-prefetch-inputs", target_makespan = target, %outcome, steps = probe_budget.steps.spent(), events = probe_events, "oracle probe");
        probes.push(Probe {
            target,
            outcome,
            steps: probe_budget.steps.spent(),
            events: probe_events,
            rounds: probe_budget.rounds,
        });
        if lram_gave_up || !have_feasible || solver_failure.is_some() {
            break;
        }
        // Under a gap, a probe the budget ended (it had half of what was
        // left) is followed by one asking for any order faster than the
        // best, with the rest: a looser target the solver often meets where
        // the tighter one lost its way (on a fuzzed block, 22,941 cycles
        // found in 224 steps from a start of 25,051 asking for 24,549, where
        // asking for 23,561 from 24,042 ran out). When that one runs out
        // too, or after it, nothing cheaper is left to ask.
        if limits.gap_ppm > 0
            && probes
                .last()
                .is_some_and(|p: &Probe| p.outcome == "unknown")
        {
            if looser || target >= ub.saturating_sub(1) {
                break;
            }
            looser = true;
        } else {
            looser = false;
        }
    }
    if lb < ub && budget.stopped.is_none() {
        budget.stopped = Some(Stop::Steps);
    }
    if !have_feasible && lb > horizon {
        return Err(OracleError::NoFeasibleOrder { usable });
    }
    // Without a feasible order (the budget ran out first) the incumbent
    // stays, and only the bound is news.
    let bound = lb.min(best.2);
    let improved = best.2 < inc.makespan;
    Ok(OracleResult {
        makespan: best.2,
        peak_live_bytes: best.3,
        optimal: have_feasible && bound >= best.2,
        order: best.0,
        slice_of: best.1,
        bound,
        analytic_bound: analytic,
        improved,
        lram_modelled: lram.as_ref().is_some_and(|l| l.pairs > 0),
        probes,
        stopped: if lb < ub || !have_feasible {
            budget.stopped
        } else {
            None
        },
        solver_failure,
    })
}

/// The LRAM part of the model, built lazily: per buffer, its birth nodes
/// (first accesses) and death nodes (StreamGraph's `buffer_users`); the
/// constraint at a buffer's birth is added the first time a solution
/// overflows there.
struct Lram {
    births: Vec<Vec<NodeId>>,
    deaths: Vec<Vec<NodeId>>,
    bytes: Vec<u64>,
    first: Vec<Option<DomainId>>,
    last: Vec<Option<DomainId>>,
    done: Vec<bool>,
    /// Pair constraints added so far.
    pairs: usize,
    /// The solver's meter, for the variables added here.
    events: Rc<Cell<u64>>,
}

impl Lram {
    fn new(
        stream: &Stream,
        graph: &StreamGraph,
        events: &Rc<Cell<u64>>,
    ) -> Result<Self, OracleError> {
        let nb = stream.buffers.len();
        let mut births: Vec<Vec<NodeId>> = vec![vec![]; nb];
        for (v, node) in stream.nodes.iter().enumerate() {
            if node.kind == Kind::Pure {
                continue;
            }
            for a in &node.accesses {
                if stream.buffers[a.buffer].lram && !births[a.buffer].contains(&v) {
                    births[a.buffer].push(v);
                }
            }
        }
        let total: u64 = (0..nb)
            .filter(|&b| !births[b].is_empty())
            .map(|b| stream.buffers[b].bytes)
            .sum();
        if total > i32::MAX as u64 {
            return Err(OracleError::BytesTooLarge);
        }
        Ok(Lram {
            births,
            deaths: graph.buffer_users.clone(),
            bytes: stream.buffers.iter().map(|b| b.bytes).collect(),
            first: vec![None; nb],
            last: vec![None; nb],
            done: vec![false; nb],
            pairs: 0,
            events: Rc::clone(events),
        })
    }

    /// The time of `b`'s first access (the earliest of its births), or with
    /// `latest` of its last release (the latest of its deaths; the horizon
    /// when nothing releases it). Made once per buffer and end.
    fn time(
        &mut self,
        solver: &mut Solver,
        t: &[Option<DomainId>],
        h: i32,
        b: usize,
        latest: bool,
        tag: Tag,
    ) -> DomainId {
        let (memo, nodes) = if latest {
            (&mut self.last, &self.deaths)
        } else {
            (&mut self.first, &self.births)
        };
        *memo[b].get_or_insert_with(|| extreme(solver, times_of(t, &nodes[b]), h, latest, tag))
    }

    /// Adds the constraint at the birth of each buffer of `over` not yet
    /// constrained: the bytes of every buffer born no later and released
    /// strictly later, plus its own, fit in `usable`. Returns false when
    /// nothing was added (all constrained already, or the pair limit).
    #[allow(clippy::too_many_arguments)]
    fn constrain(
        &mut self,
        solver: &mut Solver,
        over: &[usize],
        reach: &Reach,
        t: &[Option<DomainId>],
        h: i32,
        usable: u64,
        limits: OracleLimits,
        tag: Tag,
    ) -> Result<bool, OracleError> {
        let mut added = false;
        let all = |from: &[NodeId], to: &[NodeId]| {
            from.iter()
                .all(|&u| to.iter().all(|&v| reach.reaches(u, v)))
        };
        for &b in over {
            if self.done[b] {
                continue;
            }
            // Buffers that a dependence does not already keep away from b's birth.
            let others: Vec<usize> = (0..self.births.len())
                .filter(|&c| c != b && !self.births[c].is_empty())
                .filter(|&c| self.deaths[c].is_empty() || !all(&self.deaths[c], &self.births[b]))
                .filter(|&c| !all(&self.births[b], &self.births[c]))
                .collect();
            if self.pairs.saturating_add(others.len()) > limits.max_lram_pairs {
                return Ok(added);
            }
            self.done[b] = true;
            added = true;
            self.pairs = self.pairs.saturating_add(others.len());
            let own = self.bytes[b];
            if own > usable {
                return Err(OracleError::NoFeasibleOrder { usable });
            }
            let fb = self.time(solver, t, h, b, false, tag);
            let mut terms = Vec::with_capacity(others.len());
            // The new literals go under the meter (the times are under it
            // already; the earliest and latest of several follow them).
            let mut metered = Vec::with_capacity(others.len().saturating_mul(3));
            for c in others {
                let fc = self.time(solver, t, h, c, false, tag);
                let dc = self.time(solver, t, h, c, true, tag);
                let counted = solver.new_literal();
                let later = solver.new_literal();
                let dead = solver.new_literal();
                metered.extend([counted, later, dead].map(|l| l.get_integer_variable()));
                solver
                    .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                        fb.offset(1),
                        fc.scaled(1),
                        tag,
                    ))
                    .implied_by(later);
                solver
                    .add_constraint(pumpkin_solver::binary_less_than_or_equals(
                        dc.scaled(1),
                        fb.scaled(1),
                        tag,
                    ))
                    .implied_by(dead);
                solver.add_clause(
                    [
                        counted.get_true_predicate(),
                        later.get_true_predicate(),
                        dead.get_true_predicate(),
                    ],
                    tag,
                );
                terms.push(counted.scaled(self.bytes[c] as i32));
            }
            meter(solver, metered, &self.events);
            if !terms.is_empty() {
                solver
                    .add_constraint(pumpkin_solver::less_than_or_equals(
                        terms,
                        usable.saturating_sub(own) as i32,
                        tag,
                    ))
                    .post();
            }
        }
        Ok(added)
    }
}

type Tag = pumpkin_solver::core::proof::ConstraintTag;

fn times_of(t: &[Option<DomainId>], nodes: &[NodeId]) -> Vec<DomainId> {
    nodes.iter().filter_map(|&v| t[v]).collect()
}

/// One variable for the latest (or earliest) of `xs`: the one time itself,
/// a new variable tied by `maximum` (or `minimum`), or the horizon for none.
fn extreme(solver: &mut Solver, xs: Vec<DomainId>, h: i32, latest: bool, tag: Tag) -> DomainId {
    match xs.len() {
        0 => solver.new_bounded_integer(h, h),
        1 => xs[0],
        _ => {
            let e = solver.new_bounded_integer(0, h);
            if latest {
                solver
                    .add_constraint(pumpkin_solver::maximum(xs, e, tag))
                    .post();
            } else {
                solver
                    .add_constraint(pumpkin_solver::minimum(xs, e, tag))
                    .post();
            }
            e
        }
    }
}

/// The buffers at whose birth live LRAM exceeds `usable` when `order` plays.
fn overflowing_births(
    stream: &Stream,
    graph: &StreamGraph,
    order: &[NodeId],
    usable: u64,
) -> Vec<usize> {
    let mut life = Lifetimes::new(stream, graph);
    let mut over = Vec::new();
    for &v in order {
        if stream.nodes[v].kind == Kind::Pure {
            continue;
        }
        let new: Vec<usize> = life.new_buffers(graph, v).collect();
        for b in new {
            life.birth(stream, b);
            if life.live > usable {
                over.push(b);
            }
        }
        life.release(stream, graph, v);
    }
    over
}

/// The scheduled nodes sorted by time, dependences kept: Kahn's algorithm
/// taking the ready node with the least (time, not-a-wait, input position).
fn sequence(
    stream: &Stream,
    graph: &StreamGraph,
    scheduled: &[NodeId],
    times: &[i64],
) -> Vec<NodeId> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = stream.nodes.len();
    let mut indeg = vec![0usize; n];
    for &v in scheduled {
        indeg[v] = graph.preds(v).count();
    }
    let key = |v: NodeId| Reverse((times[v], stream.nodes[v].kind != Kind::Wait, v));
    let mut heap: BinaryHeap<_> = scheduled
        .iter()
        .filter(|&&v| indeg[v] == 0)
        .map(|&v| key(v))
        .collect();
    let mut seq = Vec::with_capacity(scheduled.len());
    while let Some(Reverse((_, _, v))) = heap.pop() {
        seq.push(v);
        for s in graph.succs(v) {
            indeg[s] = indeg[s].saturating_sub(1);
            if indeg[s] == 0 {
                heap.push(key(s));
            }
        }
    }
    seq
}
