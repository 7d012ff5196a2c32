//! The decision of a block, in plain data: which order (and which slice per
//! program) PrefetchInputs commits, and why. No MLIR here; the pass
//! translates each block to a `Stream`, calls [`decide`], and writes back the
//! committed schedules of all blocks or of none.
//!
//! This layer lies above both the scheduler core (`crate::sched`) and the
//! allocator (`crate::alloc`): `price` prices an order after allocation with
//! the real allocator's plan, `pool` holds a block's candidates and the one
//! pricer every stage prices through, `improve` searches orders with that
//! price, `constant_loads` is the default baseline.
//!
//! The decision is a short driver over stages (`Stage`): the input is
//! priced, then each stage the policy runs (`stages`) reads the pool, adds
//! its candidates, and may change the choice; the report is built from the
//! pool at the end (`conclude`), every candidate a row.
//!
//! # stream-schedule (spec section 8, then beyond it)
//!
//! 1. The input order: its prediction (simulateOrder) and its price after
//!    allocation.
//! 2. For each list policy (`fifo` alone, or all of them for `portfolio` and
//!    `search`): pass 0 tries the caps 100%, 85%, 70% of
//!    `cap_percent` x usable LRAM and takes the first schedule predicted
//!    faster than the input that the allocator places without a swap; else
//!    pass 1 takes the fastest after allocation if it beats the input after
//!    allocation. One allocator run answers both questions (with swaps
//!    allowed, "no swap" is "zero swaps"); identical orders are priced once;
//!    a candidate predicted no faster than a schedule already chosen after
//!    allocation is not priced (allocation only adds transfers), and its
//!    policy stops there. Across policies the fastest after allocation wins,
//!    ties to the earlier (FIFO first). Beyond the spec (`portfolio`,
//!    `search`) every priced schedule is a candidate: one that places only
//!    with swaps wins over a policy's pass-0 choice without them when its
//!    price, swaps counted, is lower (the 1,000-program decoder block: 5.2%).
//! 3. `portfolio` and `search`: the DMA-order descent (`improve::polish`)
//!    from the chosen schedule and from the input order (under `search`,
//!    from the iterated greedy's order first when that is the choice, and
//!    no further once it reaches the bound), each start first
//!    through the transfer windows (`window`: a few transfers at a time
//!    placed exactly between the programs, on the time model): each load or store
//!    shifted by a few places or traded with a nearby one, first improvement
//!    taken, or two programs' slots traded, priced after allocation (the list rules issue loads in priority
//!    order; a chain of weights of mixed sizes wants a big weight loaded
//!    under a long program and a small one later). Deterministic: counted
//!    neighbours and allocator runs (`torq-polish-moves`, and
//!    [`POLISH_PRICED`] by effort level).
//! 4. `search`: the oracle (`sched::oracle`) from the fastest list schedule
//!    within LRAM; its order is checked and priced like any candidate. Then
//!    the improvement search (`improve`) from the oracle's order and the
//!    chosen schedule.
//!
//! Every candidate is checked against the dependence graph (linear) and, up
//! to `BRUTE_FORCE_LIMIT` nodes, by the brute-force checker; a candidate
//! that fails is an internal error ([`DecideError`]).
//!
//! **An optimisation never fails a compile**: when the descent, the oracle
//! or the improvement search errs or panics (a solver's assertion), the decision
//! keeps the best candidate it already has, records why in the report and
//! in [`Decision::remarks`] (the pass emits them as remarks), and goes on.
//!
//! Cost: per policy at most three list schedules and three allocator runs;
//! the descent at most [`POLISH_PRICED`] allocator runs (the transfer
//! windows, at most `torq-window-expansions` DP expansions); the descent, the
//! oracle and the improvement search are bounded by counted work
//! (neighbours, solver steps, moves) and skip blocks above their node
//! limits.

pub mod constant_loads;
pub mod improve;
pub mod pool;
pub mod price;
pub mod window;

use crate::budget::Budget;
use crate::cost::Hw;
use crate::lram::Placement;
use crate::sched::bounds::lower_bounds_within;
use crate::sched::check::{check_against_graph, check_order, BRUTE_FORCE_LIMIT};
use crate::sched::graph::StreamGraph;
use crate::sched::greedy;
use crate::sched::list::{list_schedule_with, ListParams, Policy, Schedule};
use crate::sched::oracle::{self, OracleError, OracleLimits};
use crate::sched::simulate::{simulate_order, SimResult};
use crate::sched::stream::Kind;
use crate::sched::stream::{NodeId, ProgramId, Stream};
use improve::{ImproveError, ImproveLimits, Improved, PolishBudget, PolishLimits};
use pool::{Chosen, Kept, ListMemo, Origin, Outcome, Pool, Price, Pricer, Shadow, Skip};
use serde::Serialize;

/// Blocks of more nodes than this fit loads by first-fit addresses only,
/// also under offline placement.
pub const BYTES_ONLY_MAX_NODES: usize = 4096;

/// `torq-list-policy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyChoice {
    One(Policy),
    /// Every policy; the fastest after allocation.
    Portfolio,
    /// The portfolio, then the oracle and the improvement search.
    Search,
}

impl PolicyChoice {
    /// A `torq-list-policy` value.
    pub fn from_name(name: &str) -> Option<PolicyChoice> {
        match name {
            "portfolio" => Some(PolicyChoice::Portfolio),
            "search" => Some(PolicyChoice::Search),
            p => Policy::from_name(p).map(PolicyChoice::One),
        }
    }
}

/// What the decision of a block may do.
#[derive(Clone, Debug)]
pub struct DecideOptions {
    pub hw: Hw,
    pub cap_percent: u64,
    pub prefetch_percent: u64,
    pub urgent_starts: usize,
    pub window: usize,
    pub policy: PolicyChoice,
    /// The decision's target gap, in parts per million of a makespan
    /// (`torq-oracle-gap-ppm`; 0: exact): a stage whose best order is
    /// within it of the bound does not search, and the oracle stops there.
    pub gap_ppm: u64,
    /// The stages' shapes (the oracle's gap is the decision's, `gap_ppm`).
    pub oracle: OracleLimits,
    pub improve: ImproveLimits,
    pub polish: PolishLimits,
    /// What the search stages may spend, before a block's size scales it
    /// ([`Budgets::for_block`]).
    pub budget: Budgets,
    /// Record the list scheduler's steps (for the explain table).
    pub record_steps: bool,
}

/// The decision's one budget: what each search stage may spend, each in
/// its own unit, as a [`Budget`] the driver hands the stage. Stages that
/// are not given a budget (the list schedules: at most three per policy
/// and load-fitting model) run a fixed number of times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// The iterated greedy's list schedules of the whole block
    /// (`torq-greedy-decodes`; `search`).
    pub greedy_decodes: Budget,
    /// The DMA-order descent's neighbours, allocator runs and window DP
    /// expansions (`torq-polish-moves`, [`POLISH_PRICED`],
    /// `torq-window-expansions`; `portfolio`, `search`).
    pub descent: PolishBudget,
    /// The oracle's solver steps (`torq-oracle-steps`; `search`).
    pub oracle_steps: Budget,
    /// The improvement search's moves (`torq-improve-moves`; `search`).
    pub improve_moves: Budget,
    /// On a block above the improvement search's node limit, where it
    /// declines: the DP expansions of the long-block windows that run in
    /// its place ([`improve::long_windows`]), per scheduled node
    /// ([`LONG_WINDOW_EXPANSIONS`]; `search`). [`Budgets::for_block`]
    /// makes it the block's: that times its scheduled nodes, none on a
    /// shorter block.
    pub long_windows: Budget,
}

/// The long-block windows' DP expansions per scheduled node, per
/// `torq-prefetch-effort` level (the pass reads its level's; level 3's
/// runs text in passes/Passes.td says it): only the higher effort pays for
/// them (a window costs about a tenth of a microsecond per expansion, so
/// 800 per node is about the pipeline's own time on a long chain). Not an
/// option: the effort levels set it.
pub const LONG_WINDOW_EXPANSIONS: [u64; 4] = [0, 0, 0, 800];

/// [`LONG_WINDOW_EXPANSIONS`] at `torq-prefetch-effort` level `level` (none
/// for a level without a value).
pub fn long_window_expansions(level: u64) -> u64 {
    usize::try_from(level)
        .ok()
        .and_then(|l| LONG_WINDOW_EXPANSIONS.get(l))
        .copied()
        .unwrap_or(0)
}

/// The neighbours the DMA-order descent prices after allocation, of the
/// `torq-polish-moves` it looks at, per `torq-prefetch-effort` level (the
/// pass reads its level's; level 2's runs text in passes/Passes.td says
/// it). Not an option: the effort levels set it.
pub const POLISH_PRICED: [u64; 4] = [
    POLISH_PRICED_DEFAULT,
    POLISH_PRICED_DEFAULT,
    64,
    POLISH_PRICED_DEFAULT,
];

/// [`POLISH_PRICED`] where no effort level is given ([`Budgets::default`]).
pub const POLISH_PRICED_DEFAULT: u64 = 128;

/// [`POLISH_PRICED`] at `torq-prefetch-effort` level `level` (the default
/// for a level without a value).
pub fn polish_priced(level: u64) -> u64 {
    usize::try_from(level)
        .ok()
        .and_then(|l| POLISH_PRICED.get(l))
        .copied()
        .unwrap_or(POLISH_PRICED_DEFAULT)
}

/// The pass's defaults (passes/TorqOptions.def).
impl Default for Budgets {
    fn default() -> Self {
        use crate::option_table::defaults as d;
        Budgets {
            greedy_decodes: Budget::new(d::TORQ_GREEDY_DECODES as u64),
            descent: PolishBudget {
                moves: Budget::new(d::TORQ_POLISH_MOVES as u64),
                priced: Budget::new(POLISH_PRICED_DEFAULT),
                expansions: Budget::new(d::TORQ_WINDOW_EXPANSIONS as u64),
            },
            oracle_steps: Budget::new(d::TORQ_ORACLE_STEPS as u64),
            improve_moves: Budget::new(d::TORQ_IMPROVE_MOVES as u64),
            long_windows: Budget::new(0),
        }
    }
}

/// Ops of the largest block whose budgets counted in whole-block units (a
/// list schedule of every program) are spent in full.
pub const FULL_BUDGET_OPS: u64 = 1000;

/// Scheduled nodes of the largest block whose improvement search gets all
/// its moves; a larger one gets proportionally fewer.
pub const IMPROVE_FULL_BUDGET_NODES: u64 = 200;

impl Budgets {
    /// What block `s` may spend: the one place where a block's size scales
    /// a budget. The iterated greedy's decodes are whole-block units
    /// ([`whole_block_units`]); the improvement search's moves shrink in
    /// proportion past `IMPROVE_FULL_BUDGET_NODES` scheduled nodes; the
    /// descent's and the oracle's are the same on every block (the stages
    /// decline blocks over their node limits); the long-block windows get
    /// their rate per scheduled node on a block over the improvement
    /// search's limit, a budget in units of fixed cost that grows with the
    /// block as reading it does.
    pub fn for_block(&self, s: &Stream) -> Budgets {
        let scheduled = s.nodes.iter().filter(|x| x.kind != Kind::Pure).count();
        let scheduled = u64::try_from(scheduled).unwrap_or(u64::MAX);
        let greedy = whole_block_units(self.greedy_decodes.given(), s.nodes.len());
        Budgets {
            greedy_decodes: Budget::new(greedy),
            improve_moves: if scheduled > IMPROVE_FULL_BUDGET_NODES {
                self.improve_moves
                    .scaled(IMPROVE_FULL_BUDGET_NODES, scheduled)
            } else {
                self.improve_moves
            },
            long_windows: Budget::new(if scheduled > improve::MAX_NODES as u64 {
                self.long_windows.given().saturating_mul(scheduled)
            } else {
                0
            }),
            ..*self
        }
    }
}

/// A budget of `units` whole-block units (each a pass over the block's
/// `ops` ops) for a block of `ops` ops: in full up to `FULL_BUDGET_OPS`;
/// past it, the work of `units` passes over `FULL_BUDGET_OPS` ops, and never
/// less than a sixteenth of `units`, so that on long blocks the stage costs
/// a fixed multiple of reading the block (`units / 16` passes: 10 list
/// schedules at effort 2, 38 at effort 3) and its cost per op stays flat.
/// (The iterated greedy spends a share too small for one iteration on its
/// starts alone, `greedy::ITERATION_DECODES`.)
/// At most `units`.
pub fn whole_block_units(units: u64, ops: usize) -> u64 {
    let ops = u64::try_from(ops).unwrap_or(u64::MAX);
    if ops <= FULL_BUDGET_OPS {
        return units;
    }
    let by_work = units
        .saturating_mul(FULL_BUDGET_OPS)
        .checked_div(ops)
        .unwrap_or(units);
    by_work.max(units.div_ceil(16)).min(units)
}

impl DecideOptions {
    /// The decision's gap at makespan `m`: `gap_ppm` parts per million of
    /// it.
    pub fn gap_of(&self, m: u64) -> u64 {
        oracle::gap_of(m, self.gap_ppm)
    }

    /// The list scheduler's parameters at `cap_percent` of usable LRAM,
    /// fitting loads by bytes alone when `bytes_only`.
    fn list_params(&self, cap_percent: u64, bytes_only: bool) -> ListParams {
        ListParams {
            bytes_only,
            ..ListParams::with(
                self.hw.usable_lram_bytes(),
                cap_percent,
                self.prefetch_percent,
                self.urgent_starts,
                self.window,
            )
        }
    }

    /// Whether the list scheduler's model of offline placement (loads
    /// fitted by bytes alone) applies to `s`: under offline placement, on
    /// blocks up to `BYTES_ONLY_MAX_NODES`.
    fn offline_fit(&self, s: &Stream) -> bool {
        self.hw.placer.placement == crate::lram::Placement::Offline
            && s.nodes.len() <= BYTES_ONLY_MAX_NODES
    }

    /// The pass's defaults (passes/TorqOptions.def) on `hw`.
    pub fn new(hw: Hw) -> Self {
        use crate::option_table::defaults as d;
        DecideOptions {
            hw,
            cap_percent: d::TORQ_LIST_CAP_PERCENT as u64,
            prefetch_percent: d::TORQ_LIST_PREFETCH_PERCENT as u64,
            urgent_starts: d::TORQ_LIST_URGENT_STARTS as usize,
            window: d::TORQ_LIST_WINDOW as usize,
            policy: PolicyChoice::from_name(d::TORQ_LIST_POLICY).unwrap_or(PolicyChoice::Portfolio),
            gap_ppm: d::TORQ_ORACLE_GAP_PPM as u64,
            oracle: OracleLimits::default(),
            improve: ImproveLimits::default(),
            polish: PolishLimits::default(),
            budget: Budgets::default(),
            record_steps: false,
        }
    }
}

/// The version of the report file's format (`torq-prefetch-report`): its
/// schema is docs/report.schema.json ([`report_schema`], from these types),
/// which lit checks every report against. Raised when a field changes
/// meaning or goes.
pub const REPORT_VERSION: u32 = 1;

/// The report file of torq-prefetch-inputs (option torq-prefetch-report):
/// per function, one entry per block. Times are cycles, sizes bytes. Fields
/// marked optional are absent when they do not apply. (`passes::RunState`
/// writes it, one function at a time, in this form.)
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(
    title = "torq-prefetch-report",
    deny_unknown_fields,
    extend("$id" = "https://github.com/torq-sched/torq-sched/docs/report.schema.json")
)]
pub struct ReportFile {
    /// By function name (name@location when two locations of the run share
    /// a name; name@location#k when two functions share both).
    pub functions: std::collections::BTreeMap<String, Vec<BlockReport>>,
    /// torq-sched and its version.
    pub producer: String,
    /// The format's version (decide::REPORT_VERSION).
    #[schemars(extend("const" = REPORT_VERSION))]
    pub version: u32,
}

/// The report file's JSON Schema (draft 2020-12), derived from
/// [`ReportFile`]: docs/report.schema.json (tests/sourcegen.rs keeps it
/// current).
pub fn report_schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    generator.into_root_schema_for::<ReportFile>().to_value()
}

/// Which decision a block's report is of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Decider {
    /// `decide` (torq-prefetch-algorithm=stream-schedule).
    #[default]
    StreamSchedule,
    /// `constant_loads::decide` (the spec's auto).
    ConstantLoads,
}

/// The order a local search (the descent, the improvement search) started
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Start {
    /// The oracle's best order.
    Oracle,
    /// The iterated greedy's order.
    Greedy,
    /// The list stage's choice.
    List,
    /// The input order.
    Input,
}

impl Start {
    /// Its name in the report and the decision's text.
    pub fn name(self) -> &'static str {
        match self {
            Start::Oracle => "oracle",
            Start::Greedy => "greedy",
            Start::List => "list",
            Start::Input => "input",
        }
    }
}

/// What a local search (the DMA-order descent, the improvement search)
/// spent and reached: after allocation, the best of its starts that
/// places (`from`) and its best; the start its best came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    pub from: Option<u64>,
    pub best: u64,
    pub start: Start,
    pub effort: improve::Effort,
}

/// What the iterated greedy spent and found: predicted, the best of its
/// starts' decodes (`from`) and its best decode; that decode's price after
/// allocation, when priced and placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Greedied {
    pub from: u64,
    pub best: u64,
    pub after_allocation: Option<u64>,
    pub effort: crate::sched::greedy::GreedyEffort,
}

/// What the oracle proved and found, on the time model: the start it was
/// handed, its best order, its bound over every order within its cap,
/// whether the best is proven optimal, its probes, and what ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub from: u64,
    pub best: u64,
    pub bound: u64,
    pub optimal: bool,
    pub probes: usize,
    pub stopped: Option<oracle::Stop>,
}

/// What the first-fit track found (`first_fit_track`): what the decision
/// under first fit committed and why, its makespan after allocation there,
/// and the best offline makespan after allocation of the orders it priced
/// that beat the offline decision's best (None: none did).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracked {
    pub decision: String,
    pub first_fit: Option<u64>,
    pub after_allocation: Option<u64>,
    pub cap_percent: Option<u64>,
    /// The first-fit decision's warnings (the oracle's wall-clock cap).
    pub warnings: Vec<String>,
}

/// What happened to one block, for the report.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct BlockReport {
    /// The block's index in the function body.
    pub block: usize,
    pub algorithm: Decider,
    /// The input order on the time model.
    pub input_predicted: u64,
    /// The input order after allocation (null: it does not allocate).
    pub input_after_allocation: Option<u64>,
    pub input_swaps: Option<usize>,
    /// What was committed and why.
    pub decision: String,
    /// The spec's pass 0 or 1 that committed, if one did.
    #[schemars(range(max = 1))]
    pub pass: Option<u32>,
    pub cap_percent: Option<u64>,
    /// The committed order on the time model.
    pub predicted: u64,
    /// The committed order after allocation.
    pub after_allocation: Option<u64>,
    pub peak_live_bytes: u64,
    /// A makespan no order within usable LRAM reaches below, allocated or
    /// not: the block's bounds (sched::bounds), raised by the oracle's
    /// proven bound when it ran at the full cap.
    pub lower_bound: u64,
    /// The committed makespan (after allocation when placed) over
    /// lower_bound: 1 is proven optimal.
    #[schemars(range(min = 0))]
    pub ratio_to_bound: f64,
    /// Allocator runs made for the block (an order priced twice is run
    /// once).
    pub allocator_runs: usize,
    pub candidates: Vec<CandidateReport>,
    /// The priority policy of the committed schedule, when not FIFO
    /// ("oracle" for the oracle's order, "local-search" for the improvement
    /// search's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// When another policy than FIFO won: by how many cycles after
    /// allocation, at least, it beats what FIFO alone would give (FIFO's best
    /// candidate or the input order, whichever is faster).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_over_fifo: Option<u64>,
    /// What the oracle proved and found (policy `search`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub oracle: Vec<OracleReport>,
    /// What the iterated greedy did (policy `search`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greedy: Option<GreedyReport>,
    /// What the DMA-order descent did (policies `portfolio` and `search`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polish: Option<ImproveReport>,
    /// What the DMA-order descent priced by first fit did (offline
    /// placement, where the bound leaves more than the oracle's gap).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polish_first_fit: Option<ImproveReport>,
    /// What the improvement search did (policy `search`); on a block above
    /// its node limit, what the long-block windows in its place did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub improve: Option<ImproveReport>,
    /// Whether the same decision under first fit ran, and what it found
    /// (offline placement, policies `portfolio` and `search`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_fit_track: Option<TrackReport>,
    /// An optimisation that failed and was left out (the decision went on
    /// with what it had).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
}

/// The first-fit track (offline placement never loses to first fit): why
/// it did not run, or what the decision under first fit committed.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct TrackReport {
    /// Why it did not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// What the decision under first fit committed, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    /// Its makespan after allocation under first fit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_fit: Option<u64>,
    /// The best makespan after allocation under offline placement of the
    /// orders the decision under first fit priced (its committed order
    /// among them), where one beats the offline decision's own best; absent
    /// where none does, the offline decision's best being then no slower
    /// than any of them, `first_fit` included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_allocation: Option<u64>,
}

impl TrackReport {
    fn of(outcome: Outcome<Tracked>) -> Self {
        match outcome {
            Outcome::Skipped(why) => TrackReport {
                skipped: Some(why.to_string()),
                ..Default::default()
            },
            Outcome::Ran(t) => TrackReport {
                skipped: None,
                decision: Some(t.decision),
                first_fit: t.first_fit,
                after_allocation: t.after_allocation,
            },
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ImproveReport {
    /// After allocation: the best of its starts (the oracle's order, the
    /// committed list schedule) that places, and the best it found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<u64>,
    /// The start its best came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
    pub moves: u64,
    pub priced: u64,
    pub taken: u64,
    pub kicks: u64,
    /// The transfer windows (before the DMA-order descent, or the
    /// long-block windows in the improvement search's place): windows
    /// solved, windows whose order was taken, DP expansions (absent when
    /// none ran).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub windows: Option<window::WindowEffort>,
    /// Why it did not run, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

/// What the iterated greedy (`sched::greedy`) spent and found.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GreedyReport {
    /// Predicted: the best of its starts' decodes, and the best decode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<u64>,
    /// After allocation: the best decode's price (absent when it does not
    /// place).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_allocation: Option<u64>,
    pub decodes: u64,
    pub iterations: u64,
    pub accepted: u64,
    /// The DMA-order descent from its best decode, when that was chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polish: Option<ImproveReport>,
    /// Why it did not run, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct OracleReport {
    /// The LRAM the model allowed, in % of usable.
    pub cap_percent: u64,
    /// The schedule it started from (the portfolio's fastest within LRAM) and
    /// the best it found, both predicted.
    pub from: u64,
    pub best: u64,
    /// A proven lower bound of every order within usable LRAM.
    pub bound: u64,
    pub optimal: bool,
    pub probes: usize,
    /// "steps", "time", "solver" or "gap" when the budget, a solver failure or the gap ended
    /// the search; else absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<oracle::Stop>,
    /// Why the oracle did not run, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

/// One row of the report's candidates.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct CandidateReport {
    pub cap_percent: u64,
    pub predicted: u64,
    pub swaps: Option<usize>,
    pub after_allocation: Option<u64>,
    /// The candidate's priority policy, when not FIFO.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// The list scheduler fitted loads by bytes alone (offline placement's
    /// model), not by first-fit addresses.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schemars(extend("const" = true))]
    pub bytes_only: bool,
    /// Not priced: predicted no faster than a schedule already committed
    /// after allocation.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schemars(extend("const" = true))]
    pub not_priced: bool,
}

/// The decision of one block: the schedule to commit (none: keep the input
/// exactly) and the report that says why.
#[derive(Clone, Debug)]
pub struct Decision {
    pub commit: Option<Schedule>,
    pub report: BlockReport,
    /// Optimisations that failed and were left out, for the user.
    pub remarks: Vec<String>,
    /// What made the result depend on the machine (the explicit oracle's
    /// wall-clock cap fired), for the user as warnings.
    pub warnings: Vec<String>,
}

/// A candidate schedule broke a dependence: a bug, never committed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the schedule breaks a dependence: {0}")]
pub struct DecideError(pub String);

/// What a block's decision starts from: the block's place, the decider,
/// the input order on the time model, and the block's lower bound.
#[derive(Clone, Debug)]
pub struct BlockInput {
    pub index: usize,
    pub algorithm: Decider,
    pub input: SimResult,
    pub lower_bound: u64,
}

impl BlockInput {
    /// The input's facts, for a block of `algorithm` on `hw` (its usable
    /// LRAM bounds the block; its swaps price what LRAM forces out and back
    /// in).
    pub fn read(s: &Stream, g: &StreamGraph, index: usize, algorithm: Decider, hw: &Hw) -> Self {
        let input = simulate_order(s, g, &s.input_order(), &s.input_slices());
        let usable = hw.usable_lram_bytes();
        let bounds = lower_bounds_within(s, g, Some(usable))
            .with_reloads(s, g, usable, &|b| hw.swap_cycles(b));
        tracing::debug!(target: "torq-prefetch-inputs", block = index, ?bounds, "lower bounds");
        BlockInput {
            index,
            algorithm,
            input,
            lower_bound: bounds.best,
        }
    }

    /// The report of keeping the input, which the decision completes.
    fn report(&self) -> BlockReport {
        BlockReport {
            block: self.index,
            algorithm: self.algorithm,
            input_predicted: self.input.makespan,
            predicted: self.input.makespan,
            peak_live_bytes: self.input.peak_live_bytes,
            lower_bound: self.lower_bound,
            ..Default::default()
        }
    }
}

impl Decision {
    /// A decision whose report's numbers are final (its ratio to the bound
    /// follows from them).
    fn new(
        commit: Option<Schedule>,
        mut report: BlockReport,
        remarks: Vec<String>,
        warnings: Vec<String>,
    ) -> Self {
        report.ratio_to_bound = report.after_allocation.unwrap_or(report.predicted) as f64
            / report.lower_bound.max(1) as f64;
        Decision {
            commit,
            report,
            remarks,
            warnings,
        }
    }

    /// Keeps the input order, for `why`.
    fn keep(mut report: BlockReport, why: String) -> Self {
        report.decision = why;
        Decision::new(None, report, Vec::new(), Vec::new())
    }
}

/// Every candidate order is re-checked: against the graph in linear time,
/// and by the brute-force checker (no graph) on blocks it can afford.
pub fn check_candidate(
    s: &Stream,
    g: &StreamGraph,
    order: &[NodeId],
    slice_of: &[u32],
) -> Result<(), DecideError> {
    check_against_graph(s, g, order, slice_of)
        .and_then(|()| {
            if s.nodes.len() <= BRUTE_FORCE_LIMIT {
                check_order(s, order, slice_of)
            } else {
                Ok(())
            }
        })
        .map_err(|errs| DecideError(errs[0].to_string()))
}

/// A stage of the decision: reads the pool, adds candidates, may choose.
trait Stage {
    /// Its name in the debug output.
    fn name(&self) -> &'static str;

    /// Runs the stage within its part of `budget` (the block's).
    fn run(
        &self,
        o: &DecideOptions,
        budget: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError>;

    /// Records that the stage did not run because of `why`.
    fn skip(&self, o: &DecideOptions, pool: &mut Pool, why: Skip);
}

/// The stages a policy runs, in order.
fn stages(policy: PolicyChoice) -> Vec<&'static dyn Stage> {
    match policy {
        PolicyChoice::One(_) => vec![&ListStage],
        PolicyChoice::Portfolio => vec![&ListStage, &DescentStage],
        PolicyChoice::Search => vec![
            &ListStage,
            &GreedyStage,
            &DescentStage,
            &OracleStage,
            &ImprovementStage,
        ],
    }
}

/// The decision of one block under `torq-prefetch-algorithm=stream-schedule`:
/// the input priced, then each stage of the policy over one pool.
pub fn decide(
    s: &Stream,
    g: &StreamGraph,
    o: &DecideOptions,
    block: &BlockInput,
) -> Result<Decision, DecideError> {
    decide_sharing(s, g, o, block, &mut ListMemo::default(), &mut None)
}

/// `decide`, starting from the list schedules in `lists` and leaving there
/// the ones it made; with `shadow`, every order it prices is priced for
/// offline placement too (the first-fit track, `pool::Shadow`).
fn decide_sharing(
    s: &Stream,
    g: &StreamGraph,
    o: &DecideOptions,
    block: &BlockInput,
    lists: &mut ListMemo,
    shadow: &mut Option<Shadow>,
) -> Result<Decision, DecideError> {
    if g.has_cycle() {
        return Ok(Decision::keep(
            block.report(),
            "kept the input order: the dependence graph has a cycle".into(),
        ));
    }
    let mut pricer = Pricer::new(s, g, &o.hw);
    pricer.shadow = shadow.take();
    let mut pool = Pool {
        usable: o.hw.usable_lram_bytes(),
        input_predicted: block.input.makespan,
        lower_bound: block.lower_bound,
        lists: std::mem::take(lists),
        ..Pool::default()
    };
    pool.input = pricer.price(&s.input_order(), &s.input_slices()).ok();
    let budget = o.budget.for_block(s);
    for stage in stages(o.policy) {
        // Effort by the bound: every stage takes a new order only when it
        // is strictly faster, so once the best order is at the bound the
        // remaining stages cannot change the decision.
        if pool.at_bound() {
            stage.skip(o, &mut pool, Skip::AtBound);
        } else {
            // The clock is read for the debug output only.
            let (t, runs) = (std::time::Instant::now(), pricer.runs());
            stage.run(o, &budget, &mut pricer, &mut pool)?;
            tracing::debug!(target: "torq-prefetch-inputs", stage = stage.name(), micros = t.elapsed().as_micros() as u64, allocator_runs = pricer.runs().saturating_sub(runs), best = pool.bar(), "stage");
        }
    }
    first_fit_track(s, g, o, block, &mut pricer, &mut pool)?;
    *shadow = pricer.shadow.take();
    *lists = std::mem::take(&mut pool.lists);
    let runs = pricer.runs().saturating_add(pool.other_runs);
    Ok(conclude(pool, o.cap_percent, block, runs))
}

/// Offline placement never loses to first fit. Per order it cannot: the
/// offline plan is first fit's unless a packing plays faster
/// (`alloc::offline`). But the search steers by those prices, and where
/// they differ, where a candidate only offline placement makes (loads
/// fitted by bytes alone, the first-fit-priced descent, an improvement
/// start left alone because it does not place) leads the pool, or where
/// the iterated greedy decoded with loads fitted by bytes alone, the two
/// decisions part and first fit's may end faster. There, the decision
/// under `torq-placement=first-fit` runs too, with the same options and
/// budgets, steered by first fit's prices; every order it prices is also
/// priced for offline placement where that could beat the best so far
/// (`pool::Shadow`), and the best of them is offered here like any
/// candidate. Its committed order is among them, so the offer is no slower
/// than first fit's result. Taking the best of every priced order, not
/// the committed one, keeps the track monotone in the budget: a larger
/// budget (search against the portfolio, effort 3 against 2) extends the
/// same first-fit search and prices more orders, where its committed order
/// alone, faster under first fit, may place slower offline. Where neither
/// happened, the first-fit decision would take every step this one took
/// and commit the same order: it is not run (most long blocks, whose
/// orders first fit places without a swap). At the bound nothing is
/// faster. `PolicyChoice::One` is the spec's rule (the first cap that
/// places without a swap), which the two placers answer each its own
/// way: it is left as it is.
///
/// Cost: none, or a second decision priced by first fit, whose list
/// schedules are this one's (`ListMemo`), plus an offline pricing of each
/// order it prices whose first-fit placement needs a swap and whose time
/// model beats both the best offline price so far and this decision's
/// best (an order no faster than that cannot change the decision).
fn first_fit_track(
    s: &Stream,
    g: &StreamGraph,
    o: &DecideOptions,
    block: &BlockInput,
    pricer: &mut Pricer,
    pool: &mut Pool,
) -> Result<(), DecideError> {
    if o.hw.placer.placement != Placement::Offline || matches!(o.policy, PolicyChoice::One(_)) {
        return Ok(());
    }
    if pool.at_bound() {
        pool.first_fit_track = Some(Outcome::Skipped(Skip::AtBound));
        return Ok(());
    }
    if pricer.packed() == 0 && !pool.offline_led {
        pool.first_fit_track = Some(Outcome::Skipped(Skip::SamePath));
        return Ok(());
    }
    let first_fit = DecideOptions {
        hw: o.hw.clone().with_placer(crate::lram::Placer {
            placement: Placement::FirstFit,
            ..o.hw.placer
        }),
        ..o.clone()
    };
    // The clock is read for the debug output only.
    let t = std::time::Instant::now();
    // The list schedules do not depend on the placer: made once.
    let mut lists = std::mem::take(&mut pool.lists);
    // What it offers must beat this decision's best to be taken.
    let ceiling = pool.bar();
    // This decision's prices answer the shadow where it priced the same
    // order (lent, and back before this pricer prices again).
    let mut shadow = Some(Shadow::new(o.hw.clone(), ceiling, pricer.lend_memo()));
    let d = decide_sharing(s, g, &first_fit, block, &mut lists, &mut shadow);
    pool.lists = lists;
    // (decide_sharing hands the shadow back on every path that returns.)
    let (best, runs) = match shadow {
        Some(sh) => {
            let (best, runs, known) = sh.finish();
            pricer.restore_memo(known);
            (best, runs)
        }
        None => (None, 0),
    };
    let d = d?;
    pool.other_runs = pool
        .other_runs
        .saturating_add(d.report.allocator_runs)
        .saturating_add(runs);
    // The best offline price of the orders it priced (its committed order's
    // among them) that beats this decision's best; none when this decision
    // is already no slower than every one of them.
    let mut after_allocation = None;
    if let Some((_, _, order, slice_of)) = best {
        let played = simulate_order(s, g, &order, &slice_of);
        let price = pricer.price_of(&order, &slice_of);
        after_allocation = price.after_allocation();
        let sched = Schedule::played(order, slice_of, played.makespan, played.peak_live_bytes);
        let index = pool.add(Origin::FirstFitTrack, sched, price);
        pool.offer(index);
    }
    tracing::debug!(target: "torq-prefetch-inputs", stage = "first-fit-track", micros = t.elapsed().as_micros() as u64, allocator_runs = d.report.allocator_runs, first_fit = d.report.after_allocation, offline = after_allocation, best = pool.bar(), "stage");
    // What failed in it, or made it depend on the machine, the user hears
    // as of this decision.
    for remark in d.remarks {
        pool.fail(format!("in the first-fit track: {remark}"));
    }
    pool.first_fit_track = Some(Outcome::Ran(Tracked {
        decision: d.report.decision,
        first_fit: d.report.after_allocation,
        after_allocation,
        cap_percent: d.report.cap_percent,
        warnings: d.warnings,
    }));
    Ok(())
}

/// The list schedules: per policy (and per load-fitting model) the caps
/// 100%, 85%, 70%, the spec's passes 0 and 1; across policies the fastest
/// after allocation, ties to the earlier.
struct ListStage;

impl Stage for ListStage {
    fn name(&self) -> &'static str {
        "list"
    }

    fn run(
        &self,
        o: &DecideOptions,
        _: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError> {
        let (s, g) = (pricer.stream, pricer.graph);
        let policies: Vec<Policy> = match o.policy {
            PolicyChoice::One(p) => vec![p],
            PolicyChoice::Portfolio | PolicyChoice::Search => Policy::ALL.to_vec(),
        };
        // Each policy fits its loads by first-fit addresses (the spec); under
        // offline placement also by bytes alone, the model of the placer that
        // packs the whole order afterwards.
        // (Blocks above BYTES_ONLY_MAX_NODES skip the second model: it doubles
        // the list schedules, and a compile must stay cheap on 100k-op blocks.)
        let offers_all = !matches!(o.policy, PolicyChoice::One(_));
        let fits: &[bool] = if o.offline_fit(s) {
            &[false, true]
        } else {
            &[false]
        };
        for &bytes_only in fits {
            for &policy in &policies {
                if pool.at_bound() {
                    break;
                }
                let mut mine: Option<Chosen> = None;
                // This policy's candidates not chosen at pass 0: (cap, index).
                let mut priced: Vec<(u64, usize)> = Vec::new();
                let mut failed: Option<Kept> = None;
                for factor in [100u64, 85, 70] {
                    let cap_percent = o.cap_percent.saturating_mul(factor) / 100;
                    let params = o.list_params(cap_percent, bytes_only);
                    let made = pool
                        .lists
                        .entry((policy, cap_percent, bytes_only))
                        .or_insert_with(|| list_schedule_with(s, g, params, policy, o.record_steps))
                        .clone();
                    let sched = match made {
                        Ok(x) => x,
                        Err(e) => {
                            failed = Some(Kept::NoSchedule(e.to_string()));
                            break;
                        }
                    };
                    check_candidate(s, g, &sched.order, &sched.slice_of)?;
                    // A candidate predicted no faster than an earlier policy's
                    // chosen schedule after allocation cannot win: not priced.
                    // Beyond the spec every priced schedule is offered at the
                    // end (below), so the bar is the best of them.
                    let bar = if offers_all {
                        pool.best_priced()
                    } else {
                        pool.chosen_after_allocation()
                    };
                    let hopeless = bar.is_some_and(|best| sched.makespan >= best);
                    let price = if hopeless {
                        Price::NotPriced
                    } else {
                        pricer.price_of(&sched.order, &sched.slice_of)
                    };
                    let (predicted, swaps) = (sched.makespan, price.swaps());
                    let origin = Origin::List {
                        policy,
                        cap_percent,
                        bytes_only,
                    };
                    let index = pool.add(origin, sched, price);
                    if predicted < pool.input_predicted && swaps == Some(0) {
                        mine = Some(Chosen { index, pass: 0 });
                        break;
                    }
                    priced.push((cap_percent, index));
                    // A policy stops at its first candidate that cannot win.
                    if hopeless {
                        break;
                    }
                }
                if mine.is_none() && failed.is_none() {
                    // Pass 1: the fastest after allocation, if it beats the
                    // input after allocation.
                    let best = priced
                        .into_iter()
                        .filter_map(|(c, i)| {
                            pool.candidates[i]
                                .price
                                .after_allocation()
                                .map(|cost| (cost, c, i))
                        })
                        .min_by_key(|(cost, c, _)| (*cost, std::cmp::Reverse(*c)));
                    match (best, pool.input.map(|i| i.1)) {
                        (Some((cost, _, index)), bar) if bar.is_none_or(|b| cost < b) => {
                            mine = Some(Chosen { index, pass: 1 })
                        }
                        (Some(_), _) => failed = Some(Kept::NoneBeatsInput),
                        (None, _) => failed = Some(Kept::NoneAllocates),
                    }
                }
                match mine {
                    Some(m) => {
                        let cost = |i: usize| {
                            pool.candidates[i]
                                .price
                                .after_allocation()
                                .unwrap_or(u64::MAX)
                        };
                        if pool.chosen.is_none_or(|c| cost(m.index) < cost(c.index)) {
                            pool.choose(m);
                        }
                    }
                    None if pool.why_kept.is_none() => pool.why_kept = failed,
                    None => {}
                }
            }
        }
        // Beyond the spec (`portfolio`, `search`): every priced schedule is
        // a candidate, also one that places only with swaps where a policy's
        // pass 0 took a slower one without (its price counts the swaps).
        if offers_all {
            for index in 0..pool.candidates.len() {
                pool.offer(index);
            }
        }
        pool.listed = pool.chosen.map(|c| c.index);
        Ok(())
    }

    fn skip(&self, _: &DecideOptions, pool: &mut Pool, why: Skip) {
        pool.why_kept = Some(Kept::Skipped(why));
    }
}

/// The iterated greedy over program priorities (`sched::greedy`), from the
/// chosen schedule's and the fastest schedule's program orders and the
/// input's; its best decode is priced and offered like any candidate (and
/// becomes the oracle's start when it is the fastest within LRAM); when
/// chosen, the DMA-order descent runs from it first.
struct GreedyStage;

impl Stage for GreedyStage {
    fn name(&self) -> &'static str {
        "iterated-greedy"
    }

    fn run(
        &self,
        o: &DecideOptions,
        budget: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError> {
        if budget.greedy_decodes.is_spent() {
            pool.greedy = Some(Outcome::Skipped(Skip::NoBudget("torq-greedy-decodes")));
            return Ok(());
        }
        if let Some(why) = within_gap(o, pool, pool.lower_bound) {
            pool.greedy = Some(Outcome::Skipped(why));
            return Ok(());
        }
        let (s, g) = (pricer.stream, pricer.graph);
        let usable = o.hw.usable_lram_bytes();
        let params = o.list_params(o.cap_percent, o.offline_fit(s));
        // Decodes that fit loads by bytes alone, as only offline placement's
        // decision does: whatever they find, the first-fit decision's
        // greedy may find another.
        pool.offline_led |= params.bytes_only;
        let mut starts: Vec<Vec<ProgramId>> = Vec::new();
        for c in [pool.chosen(), pool.fastest.map(|f| &pool.candidates[f])]
            .into_iter()
            .flatten()
        {
            let p = greedy::permutation_of(s, &c.schedule);
            if !starts.contains(&p) {
                starts.push(p);
            }
        }
        let input: Vec<ProgramId> = (0..s.programs.len()).collect();
        if !starts.contains(&input) {
            starts.push(input);
        }
        let target = pool.lower_bound.saturating_add(o.gap_of(pool.lower_bound));
        let decodes = budget.greedy_decodes;
        if decodes.given() < o.budget.greedy_decodes.given() {
            tracing::debug!(target: "torq-prefetch-inputs", ops = s.nodes.len(), decodes = decodes.given(), "iterated greedy: a long block's share of the decodes");
        }
        let found = crate::panic::caught(|| {
            greedy::iterated_greedy(s, g, params, usable, &starts, decodes, target)
        });
        let r = match found {
            Ok(Some(r)) => r,
            Ok(None) => {
                pool.greedy = Some(Outcome::Skipped(Skip::NothingWithinLram {
                    of_starts: true,
                }));
                return Ok(());
            }
            Err(panic) => {
                let m = format!(
                    "the iterated greedy failed ({panic}); the block keeps the list schedules"
                );
                pool.fail(m.clone());
                pool.greedy = Some(Outcome::Skipped(Skip::Failed(m)));
                return Ok(());
            }
        };
        check_candidate(s, g, &r.schedule.order, &r.schedule.slice_of)?;
        let best = r.schedule.makespan;
        // A candidate only when predicted faster than every list schedule
        // within LRAM; priced only when it can beat the choice (allocation
        // only adds transfers).
        let new = pool
            .fastest
            .is_none_or(|f| best < pool.candidates[f].schedule.makespan);
        let mut price = Price::NotPriced;
        if new {
            if pool.bar().is_none_or(|b| best < b) {
                price = pricer.price_of(&r.schedule.order, &r.schedule.slice_of);
            }
            let index = pool.add(Origin::Greedy, r.schedule, price);
            pool.offer(index);
        }
        pool.greedy = Some(Outcome::Ran(Greedied {
            from: r.from,
            best,
            after_allocation: price.after_allocation(),
            effort: r.effort,
        }));
        Ok(())
    }

    fn skip(&self, _: &DecideOptions, pool: &mut Pool, why: Skip) {
        pool.greedy = Some(Outcome::Skipped(why));
    }
}

/// A local search's start taken from the choice so far: the iterated
/// greedy's order, else the list stage's.
fn start_of(origin: Origin) -> Start {
    match origin {
        Origin::Greedy => Start::Greedy,
        _ => Start::List,
    }
}

/// Effort by the gap: why a search stage need not run when the best order
/// so far is within the decision's gap of `bound`.
fn within_gap(o: &DecideOptions, pool: &Pool, bound: u64) -> Option<Skip> {
    let best = pool.bar();
    (o.gap_ppm > 0 && best.is_some_and(|b| b.saturating_sub(bound) <= o.gap_of(b)))
        .then_some(Skip::WithinGap)
}

/// Under offline placement, the DMA-order descent from the list stage's
/// choice with its neighbours priced by first fit, for half a descent's
/// budget; its order is then priced like every candidate and offered. The
/// two placements price the same orders differently, so a descent can
/// stall under one where it leads down under the other (a list order that
/// offline packing already places well leaves its neighbours no better,
/// while first fit's worse price of it lets moves through that end below
/// it); offline placement prices an order no slower than first fit (its
/// plan is the faster of first fit's and its packing), so what the first
/// fit descent finds keeps its price or better.
fn first_fit_descent(
    o: &DecideOptions,
    share: PolishBudget,
    pricer: &mut Pricer,
    pool: &mut Pool,
) -> Result<(), DecideError> {
    let Some((start, from)) = pool.listed.map(|i| {
        let c = &pool.candidates[i];
        (c.schedule.order.clone(), c.price.after_allocation())
    }) else {
        return Ok(());
    };
    let hw = o.hw.clone().with_placer(crate::lram::Placer {
        placement: Placement::FirstFit,
        ..o.hw.placer
    });
    let bound = pool.lower_bound;
    let mut first_fit_runs = 0;
    let report = local(
        |_| Origin::DescentFirstFit,
        "the DMA-order descent priced by first fit",
        &[(Start::List, start)],
        pricer,
        pool,
        |pricer, refs| {
            let mut first_fit = Pricer::new(pricer.stream, pricer.graph, &hw);
            let found = improve::polish(&mut first_fit, refs, bound, o.polish, share);
            first_fit_runs = first_fit.runs();
            // Its order as every candidate's: priced by the block's pricer.
            let mut im = found?;
            let (swaps, makespan) = pricer
                .price(&im.order, &im.slice_of)
                .map_err(|_| ImproveError::NothingPlaces)?;
            (im.swaps, im.makespan, im.from) = (swaps, makespan, from);
            Ok(im)
        },
    )?;
    pool.other_runs = pool.other_runs.saturating_add(first_fit_runs);
    pool.polish_first_fit = Some(report);
    Ok(())
}

/// The DMA-order descent (`improve::polish`) from the iterated greedy's
/// order when it is the choice, then (unless that reached the bound) from
/// the chosen list schedule and from the input order, priced after
/// allocation; its orders are offered like any candidate.
struct DescentStage;

impl Stage for DescentStage {
    fn name(&self) -> &'static str {
        "descent"
    }

    fn run(
        &self,
        o: &DecideOptions,
        budget: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError> {
        if budget.descent.moves.is_spent() || budget.descent.priced.is_spent() {
            pool.polish = Some(Outcome::Skipped(Skip::NoBudget("torq-polish-moves")));
            return Ok(());
        }
        let greedy = pool
            .chosen
            .filter(|c| pool.candidates[c.index].origin == Origin::Greedy);
        // The list stage's choice and the input, as the portfolio runs them
        // (so that search finds at least the portfolio's order, unless an
        // order at the bound comes first).
        let mut starts: Vec<(Start, Vec<NodeId>)> = Vec::new();
        if let Some(c) = pool.listed.map(|i| &pool.candidates[i]) {
            starts.push((Start::List, c.schedule.order.clone()));
        }
        let bound = pool.lower_bound;
        let input = pricer.stream.input_order();
        if starts.iter().all(|(_, x)| *x != input) {
            starts.push((Start::Input, input));
        }
        let descend =
            |starts: &[(Start, Vec<NodeId>)], share, pricer: &mut Pricer, pool: &mut Pool| {
                local(
                    |start| Origin::Descent { start },
                    "the DMA-order descent",
                    starts,
                    pricer,
                    pool,
                    |pricer, refs| improve::polish(pricer, refs, bound, o.polish, share),
                )
            };
        // First from the iterated greedy's order, when it was the choice
        // before the descent (it places faster than every list schedule),
        // with the share of one start of the two below; an order at the
        // bound there leaves nothing to find.
        if let Some(c) = greedy {
            let starts = [(
                Start::Greedy,
                pool.candidates[c.index].schedule.order.clone(),
            )];
            pool.greedy_polish = Some(descend(&starts, budget.descent.share(2), pricer, pool)?);
            if pool.at_bound() {
                pool.polish = Some(Outcome::Skipped(Skip::AtBound));
                return Ok(());
            }
        }
        pool.polish = Some(descend(&starts, budget.descent, pricer, pool)?);
        if o.hw.placer.placement == Placement::Offline
            && !pool.at_bound()
            && within_gap(o, pool, bound).is_none()
        {
            first_fit_descent(o, budget.descent.share(2), pricer, pool)?;
        }
        Ok(())
    }

    fn skip(&self, _: &DecideOptions, pool: &mut Pool, why: Skip) {
        pool.polish = Some(Outcome::Skipped(why));
    }
}

/// The oracle (`sched::oracle`) from the fastest list schedule within
/// usable LRAM; its order is checked and priced like any candidate (the
/// model counts live bytes, not the allocator's holes).
struct OracleStage;

impl Stage for OracleStage {
    fn name(&self) -> &'static str {
        "oracle"
    }

    fn run(
        &self,
        o: &DecideOptions,
        budget: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError> {
        let (s, g) = (pricer.stream, pricer.graph);
        let found = run_oracle(s, g, o, budget.oracle_steps, pool);
        if let Some(found) = found {
            check_candidate(s, g, &found.order, &found.slice_of)?;
            let price = pricer.price_of(&found.order, &found.slice_of);
            let index = pool.add(Origin::Oracle, found, price);
            pool.offer(index);
        }
        Ok(())
    }

    fn skip(&self, _: &DecideOptions, pool: &mut Pool, why: Skip) {
        pool.oracle = Some(Outcome::Skipped(why));
    }
}

/// The improvement search from the oracle's best order (which may not
/// place) and the chosen schedule, priced after allocation; its order is
/// offered like any candidate.
struct ImprovementStage;

impl Stage for ImprovementStage {
    fn name(&self) -> &'static str {
        "improvement"
    }

    fn run(
        &self,
        o: &DecideOptions,
        budget: &Budgets,
        pricer: &mut Pricer,
        pool: &mut Pool,
    ) -> Result<(), DecideError> {
        if budget.improve_moves.is_spent() {
            pool.improve = Some(Outcome::Skipped(Skip::NoBudget("torq-improve-moves")));
            return Ok(());
        }
        let mut starts: Vec<(Start, Vec<NodeId>)> = Vec::new();
        let mut bound = pool.lower_bound;
        if let Some((order, oracle_bound)) = pool.oracle_best.take() {
            starts.push((Start::Oracle, order));
            bound = bound.max(oracle_bound);
        }
        if let Some(c) = pool.chosen() {
            if starts.iter().all(|(_, x)| *x != c.schedule.order) {
                starts.push((start_of(c.origin), c.schedule.order.clone()));
            }
        }
        // Effort by the gap: an order the bound proves within the oracle's gap
        // is not searched further.
        if let Some(why) = within_gap(o, pool, bound) {
            pool.improve = Some(Outcome::Skipped(why));
            return Ok(());
        }
        // The search stops at an order the bound proves within the gap
        // (at the bound itself when there is no gap).
        let target = bound.saturating_add(o.gap_of(bound));
        // A block above the search's limit: the long-block windows from the
        // chosen order in its place, where the level pays for them.
        let s = pricer.stream;
        let scheduled = s.nodes.iter().filter(|x| x.kind != Kind::Pure).count();
        if scheduled > o.improve.max_nodes && !budget.long_windows.is_spent() {
            // From the chosen order, placed (a start that does not place
            // has nothing to beat).
            // (Its schedule copied once: the pool is lent to the search.)
            let Some((from, sched, swaps, makespan)) = pool.chosen().and_then(|c| match c.price {
                Price::Placed { swaps, makespan } => {
                    Some((start_of(c.origin), c.schedule.clone(), swaps, makespan))
                }
                _ => None,
            }) else {
                pool.improve = Some(Outcome::Skipped(Skip::NothingChosen));
                return Ok(());
            };
            let start = improve::LongStart {
                order: &sched.order,
                slice_of: &sched.slice_of,
                swaps,
                makespan,
                predicted: sched.makespan,
                peak_live_bytes: sched.peak_live_bytes,
            };
            // `local` reads only the start's name: the order is `start`'s.
            let from = [(from, Vec::new())];
            let r = local(
                |start| Origin::Improvement { start },
                "the long-block windows",
                &from,
                pricer,
                pool,
                |pricer, _| {
                    improve::long_windows(
                        pricer,
                        start,
                        improve::LONG_WINDOW_TRANSFERS,
                        budget.long_windows,
                    )
                },
            )?;
            pool.improve = Some(r);
            return Ok(());
        }
        let r = local(
            |start| Origin::Improvement { start },
            "the improvement search",
            &starts,
            pricer,
            pool,
            |pricer, refs| improve::improve(pricer, refs, target, o.improve, budget.improve_moves),
        )?;
        pool.improve = Some(r);
        Ok(())
    }

    fn skip(&self, _: &DecideOptions, pool: &mut Pool, why: Skip) {
        pool.improve = Some(Outcome::Skipped(why));
    }
}

/// The oracle's run: its order when it found a faster one; its best order
/// and bound go to the pool for the improvement search.
fn run_oracle(
    s: &Stream,
    g: &StreamGraph,
    o: &DecideOptions,
    steps: Budget,
    pool: &mut Pool,
) -> Option<Schedule> {
    let cap_percent = o.cap_percent;
    let usable = o.hw.usable_lram_bytes().saturating_mul(cap_percent) / 100;
    let Some(from) = pool.fastest.map(|f| &pool.candidates[f].schedule) else {
        pool.oracle = Some(Outcome::Skipped(Skip::NothingWithinLram {
            of_starts: false,
        }));
        return None;
    };
    if steps.is_spent() || o.oracle.time.is_some_and(|t| t.is_zero()) {
        pool.oracle = Some(Outcome::Skipped(Skip::NoBudget(
            "torq-oracle-steps or its time limit",
        )));
        return None;
    }
    let from_makespan = from.makespan;
    let solved = crate::panic::caught(|| {
        let limits = OracleLimits {
            gap_ppm: o.gap_ppm,
            ..o.oracle
        };
        oracle::solve(s, g, usable, (&from.order, &from.slice_of), limits, steps)
    });
    match solved {
        Ok(Ok(r)) => {
            tracing::debug!(target: "torq-prefetch-inputs", from = from_makespan, best = r.makespan, bound = r.bound, optimal = r.optimal, "oracle");
            if let Some(why) = &r.solver_failure {
                pool.fail(format!(
                    "the oracle's solver failed ({why}); its search stopped with what it had found"
                ));
            }
            pool.oracle = Some(Outcome::Ran(Solved {
                from: from_makespan,
                best: r.makespan,
                bound: r.bound,
                optimal: r.optimal,
                probes: r.probes.len(),
                stopped: r.stopped,
            }));
            // Its bound holds for every order within `cap_percent` of usable
            // LRAM: at the full cap, the orders the block's bound covers, so
            // it raises that bound (stages after it stop at it, and the
            // report's ratio says how far the choice may be from optimal).
            if cap_percent >= 100 {
                pool.lower_bound = pool.lower_bound.max(r.bound);
            }
            pool.oracle_best = Some((r.order.clone(), r.bound));
            // Played by the oracle already: its makespan and peak are the
            // simulation's.
            r.improved
                .then(|| Schedule::played(r.order, r.slice_of, r.makespan, r.peak_live_bytes))
        }
        Ok(Err(e)) => {
            let why = match e {
                OracleError::TooLarge { nodes, limit } => Skip::TooLarge {
                    nodes,
                    limit,
                    stage: "oracle",
                },
                e => Skip::Failed(e.to_string()),
            };
            pool.oracle = Some(Outcome::Skipped(why));
            None
        }
        Err(panic) => {
            let m = format!("the oracle failed ({panic}); the block keeps the list schedules");
            pool.fail(m.clone());
            pool.oracle = Some(Outcome::Skipped(Skip::Failed(m)));
            None
        }
    }
}

impl OracleReport {
    /// The report of the oracle's outcome at `cap_percent`.
    fn of(cap_percent: u64, outcome: Outcome<Solved>) -> Self {
        match outcome {
            Outcome::Skipped(why) => OracleReport {
                cap_percent,
                from: 0,
                best: 0,
                bound: 0,
                optimal: false,
                probes: 0,
                stopped: None,
                skipped: Some(why.to_string()),
            },
            Outcome::Ran(r) => OracleReport {
                cap_percent,
                from: r.from,
                best: r.best,
                bound: r.bound,
                optimal: r.optimal,
                probes: r.probes,
                stopped: r.stopped,
                skipped: None,
            },
        }
    }
}

impl GreedyReport {
    /// The report of the iterated greedy's outcome, with the descent from
    /// its order.
    fn of(outcome: Outcome<Greedied>, polish: Option<ImproveReport>) -> Self {
        match outcome {
            Outcome::Skipped(why) => GreedyReport {
                skipped: Some(why.to_string()),
                polish,
                ..Default::default()
            },
            Outcome::Ran(r) => GreedyReport {
                from: Some(r.from),
                best: Some(r.best),
                after_allocation: r.after_allocation,
                decodes: r.effort.decodes,
                iterations: r.effort.iterations,
                accepted: r.effort.accepted,
                polish,
                skipped: None,
            },
        }
    }
}

impl ImproveReport {
    /// The report of a local search's outcome.
    fn of(outcome: Outcome<Searched>) -> Self {
        match outcome {
            Outcome::Skipped(why) => ImproveReport {
                skipped: Some(why.to_string()),
                ..Default::default()
            },
            Outcome::Ran(r) => ImproveReport {
                from: r.from,
                best: Some(r.best),
                start: Some(r.start),
                moves: r.effort.moves,
                priced: r.effort.priced,
                taken: r.effort.taken,
                kicks: r.effort.kicks,
                windows: (r.effort.windows.windows > 0).then_some(r.effort.windows),
                skipped: None,
            },
        }
    }
}

/// A local search over orders after the list schedules (the DMA-order
/// descent, the improvement search, `what` in remarks): run guarded, its
/// best checked, added to the pool as `origin` and offered.
fn local(
    origin: impl FnOnce(Start) -> Origin,
    what: &str,
    starts: &[(Start, Vec<NodeId>)],
    pricer: &mut Pricer,
    pool: &mut Pool,
    search: impl FnOnce(&mut Pricer, &[&[NodeId]]) -> Result<Improved, ImproveError>,
) -> Result<Outcome<Searched>, DecideError> {
    let refs: Vec<&[NodeId]> = starts.iter().map(|(_, x)| x.as_slice()).collect();
    let im = match crate::panic::caught(|| search(pricer, &refs)) {
        Ok(Ok(im)) => im,
        Ok(Err(ImproveError::TooLarge { nodes, limit })) => {
            return Ok(Outcome::Skipped(Skip::TooLarge {
                nodes,
                limit,
                stage: "improvement search",
            }))
        }
        Ok(Err(e)) => return Ok(Outcome::Skipped(Skip::Failed(e.to_string()))),
        Err(panic) => {
            let m = format!("{what} failed ({panic}); the block keeps the best schedule before it");
            pool.fail(m.clone());
            return Ok(Outcome::Skipped(Skip::Failed(m)));
        }
    };
    let (s, g) = (pricer.stream, pricer.graph);
    let start = starts[im.start].0;
    // A start offline placement's search left alone, which first fit's
    // walks: the two decisions' paths part here.
    pool.offline_led |= im.effort.unplaced_skipped > 0;
    let report = Outcome::Ran(Searched {
        from: im.from,
        best: im.makespan,
        start,
        effort: im.effort,
    });
    let price = Price::Placed {
        swaps: im.swaps,
        makespan: im.makespan,
    };
    // Played by the search already: no simulation again.
    let sched = Schedule::played(im.order, im.slice_of, im.predicted, im.peak_live_bytes);
    check_candidate(s, g, &sched.order, &sched.slice_of)?;
    let index = pool.add(origin(start), sched, price);
    pool.offer(index);
    Ok(report)
}

/// The report, built from the pool once the stages are done: every
/// candidate, what each stage said, the decision and the numbers of the
/// choice (or of keeping the input); `runs` allocator runs were made;
/// `cap_percent` is the LRAM cap of every candidate but the list
/// schedules (which carry theirs).
fn conclude(pool: Pool, cap_percent: u64, block: &BlockInput, runs: usize) -> Decision {
    let mut rep = block.report();
    rep.allocator_runs = runs;
    rep.lower_bound = pool.lower_bound;
    rep.input_swaps = pool.input.map(|p| p.0);
    rep.input_after_allocation = pool.input.map(|p| p.1);
    let track_cap = match &pool.first_fit_track {
        Some(Outcome::Ran(t)) => t.cap_percent,
        _ => None,
    };
    let cap_of = |origin: Origin| match origin {
        Origin::List { cap_percent, .. } => cap_percent,
        Origin::FirstFitTrack => track_cap.unwrap_or(cap_percent),
        _ => cap_percent,
    };
    rep.candidates = pool
        .candidates
        .iter()
        .map(|c| CandidateReport {
            cap_percent: cap_of(c.origin),
            predicted: c.schedule.makespan,
            swaps: c.price.swaps(),
            after_allocation: c.price.after_allocation(),
            policy: c.origin.policy_name().map(str::to_string),
            bytes_only: matches!(
                c.origin,
                Origin::List {
                    bytes_only: true,
                    ..
                }
            ),
            not_priced: c.price == Price::NotPriced,
        })
        .collect();
    // The oracle as it ran (its cap is the decision's).
    let solved = match &pool.oracle {
        Some(Outcome::Ran(r)) => Some(r.clone()),
        _ => None,
    };
    rep.oracle = pool
        .oracle
        .map(|r| OracleReport::of(cap_percent, r))
        .into_iter()
        .collect();
    rep.greedy = pool
        .greedy
        .map(|g| GreedyReport::of(g, pool.greedy_polish.map(ImproveReport::of)));
    rep.polish = pool.polish.map(ImproveReport::of);
    rep.polish_first_fit = pool.polish_first_fit.map(ImproveReport::of);
    rep.improve = pool.improve.map(ImproveReport::of);
    let track = pool.first_fit_track.clone();
    rep.first_fit_track = pool.first_fit_track.map(TrackReport::of);
    rep.failures = pool.failures.clone();
    let remarks = pool.failures;
    // The explicit oracle's wall-clock cap is the one reading of the clock
    // that can decide anything: say so when it did.
    let mut warnings: Vec<String> = solved
        .iter()
        .filter(|r| r.stopped == Some(oracle::Stop::Time))
        .map(|_| {
            "the oracle's wall-clock cap (torq-oracle-time-limit-ms) ended its search: \
             this schedule depends on the machine's speed and load"
                .to_string()
        })
        .collect();
    if let Some(Outcome::Ran(t)) = &track {
        warnings.extend(
            t.warnings
                .iter()
                .map(|w| format!("in the first-fit track: {w}")),
        );
    }
    let Some(chosen) = pool.chosen else {
        rep.decision = pool.why_kept.map(|k| k.to_string()).unwrap_or_default();
        rep.after_allocation = rep.input_after_allocation;
        return Decision::new(None, rep, remarks, warnings);
    };
    let mut candidates = pool.candidates;
    let c = candidates.swap_remove(chosen.index);
    let after = c.price.after_allocation();
    // FIFO's best after allocation (what the spec would commit, or the
    // input when it keeps it), to say how much another policy won by.
    let fifo_best = candidates
        .iter()
        .chain([&c])
        .filter(|x| {
            matches!(
                x.origin,
                Origin::List {
                    policy: Policy::Fifo,
                    ..
                }
            )
        })
        .filter_map(|x| x.price.after_allocation())
        .min();
    if let Some(name) = c.origin.policy_name() {
        rep.policy = Some(name.to_string());
        let spec = match (fifo_best, rep.input_after_allocation) {
            (Some(f), Some(i)) => Some(f.min(i)),
            (f, i) => f.or(i),
        };
        rep.gain_over_fifo = match (spec, after) {
            (Some(f), Some(a)) => f.checked_sub(a).filter(|&g| g > 0),
            _ => None,
        };
    }
    let run = solved.as_ref();
    let cap_percent = cap_of(c.origin);
    rep.decision = match c.origin {
        Origin::Oracle => format!(
            "committed the oracle's order ({})",
            match run {
                Some(or) if or.optimal => "proven optimal".to_string(),
                Some(or) => format!("bound {}", or.bound),
                None => String::new(),
            }
        ),
        Origin::Greedy => "committed the iterated greedy's order".to_string(),
        Origin::Descent { start } => format!(
            "committed the DMA-order descent's order (from the {} start)",
            start.name()
        ),
        Origin::DescentFirstFit => {
            "committed the DMA-order descent's order priced by first fit (from the list start)"
                .to_string()
        }
        Origin::Improvement { start } => format!(
            "committed the improvement search's order (from the {} start{})",
            start.name(),
            match run {
                Some(or) if after.is_some_and(|a| a <= or.bound) => {
                    ", proven optimal by the oracle's bound".to_string()
                }
                Some(or) => format!(", oracle bound {}", or.bound),
                None => String::new(),
            }
        ),
        Origin::List { policy, .. } if policy != Policy::Fifo => format!(
            "committed the pass-{} schedule at cap {}% ({})",
            chosen.pass,
            cap_percent,
            policy.name()
        ),
        Origin::List { .. } => format!(
            "committed the pass-{} schedule at cap {}%",
            chosen.pass, cap_percent
        ),
        Origin::ConstantLoads { moved } => {
            format!("moved {moved} constant loads after the previous start")
        }
        Origin::FirstFitTrack => match track {
            Some(Outcome::Ran(t)) => format!(
                "committed the first-fit track's order (the best offline of the orders priced under first fit, where the decision {})",
                t.decision
            ),
            _ => "committed the first-fit track's order".to_string(),
        },
    };
    // constant-loads has neither the spec's passes nor a cap.
    if !matches!(c.origin, Origin::ConstantLoads { .. }) {
        rep.pass = Some(chosen.pass);
        rep.cap_percent = Some(cap_percent);
    }
    rep.predicted = c.schedule.makespan;
    rep.after_allocation = after;
    rep.peak_live_bytes = c.schedule.peak_live_bytes;
    Decision::new(Some(c.schedule), rep, remarks, warnings)
}

#[cfg(test)]
mod budget_tests {
    use super::{whole_block_units, FULL_BUDGET_OPS};

    #[test]
    fn whole_block_budgets_scale_with_the_block() {
        // Short blocks (every block of the effort table) keep the budget.
        assert_eq!(whole_block_units(150, 398), 150);
        assert_eq!(whole_block_units(150, FULL_BUDGET_OPS as usize), 150);
        // Past it: the work of 150 passes over 1,000 ops ...
        assert_eq!(whole_block_units(150, 6000), 25);
        // ... down to a sixteenth of the units, whatever the size.
        assert_eq!(whole_block_units(150, 12_000), 12);
        assert_eq!(whole_block_units(150, 16_000), 10);
        assert_eq!(whole_block_units(150, 120_000), 10);
        assert_eq!(whole_block_units(600, 120_000), 38);
        // Never more than given, never less than one pass of a given one.
        assert_eq!(whole_block_units(0, 120_000), 0);
        assert_eq!(whole_block_units(1, 120_000), 1);
        for ops in [1001usize, 2000, 7999, 8000, 50_000, 4_000_000] {
            for units in [1u64, 7, 150, 600, 2000] {
                let u = whole_block_units(units, ops);
                assert!(
                    u <= units && u >= units.div_ceil(16),
                    "{units} at {ops}: {u}"
                );
            }
        }
    }
}
