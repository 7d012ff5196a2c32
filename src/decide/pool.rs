//! The pool of one block's candidates, and the one pricer.
//!
//! Every stage of the decision (the list schedules, the DMA-order descent,
//! the oracle, the improvement search) reads the pool and adds to it: a
//! [`Candidate`] is an order, a slice per program, where it came from
//! ([`Origin`]), its prediction on the time model and, once known, its
//! [`Price`] after allocation. The pool holds which candidate is chosen so
//! far and what each stage said about itself; the report is built from it
//! once, at the end (`super::conclude`).
//!
//! [`Pricer`] is the one way to price an order after allocation
//! (`price::price_or_failure`): it memoises by (order, slices), so an order
//! two stages (or two policies, or a plateau walk) reach is placed once, and
//! it counts the allocator runs it really made, the report's
//! `allocator_runs`. A stage's budget counts its own queries, hits or not,
//! so the memo changes what a decision costs, never what it decides. Its
//! cheaper question, `price_swap_free` (does the order place without a
//! swap, and at what price?), answers from the full memo when it can and
//! counts its runs the same way.
//!
//! Cost: a lookup hashes the order (linear in the block); the memo keeps at
//! most `MEMO_WORDS` words of keys, then prices without remembering.

use super::price::{price_placed, Unplaced};
use super::{Greedied, Searched, Solved, Start, Tracked};
use crate::cost::Hw;
use crate::sched::graph::StreamGraph;
use crate::sched::list::{Policy, Schedule, ScheduleError};
use crate::sched::simulate::simulate_order;
use crate::sched::stream::{NodeId, Stream};
use std::collections::HashMap;

/// The list schedules made for a block, by (policy, cap percent, loads
/// fitted by bytes alone): a pure function of the block and the decision's
/// options but the placer, so the first-fit track takes the ones the
/// offline decision made instead of making them again.
pub type ListMemo = HashMap<(Policy, u64, bool), Result<Schedule, ScheduleError>>;

/// Where a candidate came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A list schedule of `policy` at `cap_percent` of usable LRAM, its
    /// loads fitted by bytes alone (`bytes_only`) or by first-fit addresses.
    List {
        policy: Policy,
        cap_percent: u64,
        bytes_only: bool,
    },
    /// The iterated greedy's best decode.
    Greedy,
    /// The DMA-order descent's best (with the transfer windows), from
    /// `start`.
    Descent { start: Start },
    /// Under offline placement, the DMA-order descent from the list
    /// stage's choice with its neighbours priced by first fit (then priced
    /// like every candidate).
    DescentFirstFit,
    /// The oracle's order.
    Oracle,
    /// The improvement search's best, from `start`.
    Improvement { start: Start },
    /// constant-loads' order: the stream order with `moved` loads of
    /// constant data moved to just after the start before them.
    ConstantLoads { moved: usize },
    /// Under offline placement, the order the same decision commits under
    /// `torq-placement=first-fit` (`super::first_fit_track`).
    FirstFitTrack,
}

impl Origin {
    /// The report's `policy` of a candidate of this origin (none for FIFO's
    /// list schedules).
    pub fn policy_name(self) -> Option<&'static str> {
        match self {
            Origin::List { policy, .. } => (policy != Policy::Fifo).then(|| policy.name()),
            Origin::Greedy => Some("iterated-greedy"),
            Origin::Descent { .. } => Some("polish"),
            Origin::DescentFirstFit => Some("polish-first-fit"),
            Origin::Oracle => Some("oracle"),
            Origin::Improvement { .. } => Some("local-search"),
            Origin::ConstantLoads { .. } => None,
            Origin::FirstFitTrack => Some("first-fit-track"),
        }
    }

    /// A candidate that only offline placement's decision makes (loads
    /// fitted by bytes alone, the first-fit-priced descent): when one leads
    /// the pool, that decision's path leaves the first-fit decision's.
    pub fn offline_only(self) -> bool {
        matches!(
            self,
            Origin::List {
                bytes_only: true,
                ..
            } | Origin::DescentFirstFit
        )
    }
}

/// What the allocator makes of a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Price {
    /// Not priced: predicted no faster than the choice after allocation, so
    /// it cannot win (allocation only adds transfers).
    NotPriced,
    /// The allocator cannot place it.
    Unplaced,
    /// Placed with `swaps` swap transfers; `makespan` after allocation.
    Placed { swaps: usize, makespan: u64 },
}

impl Price {
    fn of(r: Result<(usize, u64), Unplaced>) -> Price {
        match r {
            Ok((swaps, makespan)) => Price::Placed { swaps, makespan },
            Err(_) => Price::Unplaced,
        }
    }

    /// The makespan after allocation, when placed.
    pub fn after_allocation(self) -> Option<u64> {
        match self {
            Price::Placed { makespan, .. } => Some(makespan),
            _ => None,
        }
    }

    /// The swaps, when placed.
    pub fn swaps(self) -> Option<usize> {
        match self {
            Price::Placed { swaps, .. } => Some(swaps),
            _ => None,
        }
    }
}

/// One candidate of the pool.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub origin: Origin,
    /// Its order, slices, and prediction (makespan and peak of the time
    /// model).
    pub schedule: Schedule,
    pub price: Price,
}

/// Prices after allocation by (order, slices) (`Pricer::key`).
pub type Memo = HashMap<Vec<usize>, Result<(usize, u64), Unplaced>>;

/// Keys kept by the memo, in words (order and slices of each priced order).
const MEMO_WORDS: usize = 1 << 21;

/// The one pricer of a block: `price_or_failure`, memoised by (order,
/// slices), counting its allocator runs.
pub struct Pricer<'a> {
    pub stream: &'a Stream,
    pub graph: &'a StreamGraph,
    pub hw: &'a Hw,
    memo: Memo,
    /// Orders priced without swaps only (`price_swap_free`).
    swap_free_memo: HashMap<Vec<usize>, Option<u64>>,
    words: usize,
    runs: usize,
    /// Allocator runs whose order a packing placed (offline placement),
    /// where `torq-placement=first-fit` would price it differently.
    packed: usize,
    /// In the first-fit track's decision: every order priced here is
    /// priced for offline placement too, the best kept.
    pub shadow: Option<Shadow>,
}

/// The first-fit track's offline prices (`Pricer::shadow`): the decision
/// under first fit steers by first fit's prices, and each order it prices
/// is priced again under `hw` (offline placement) where that could beat the
/// best so far; the best kept is what the track offers. A larger budget
/// extends the same search and so prices more orders, never fewer: the
/// best only improves (the portfolio's track never beats search's).
///
/// Only an order faster than `ceiling` (the offline decision's best when
/// the track starts) can change the decision, which takes an offer only
/// when it is strictly faster: the shadow neither prices nor keeps any
/// other. Every order priced below the ceiling is priced exactly as
/// without it (the best so far below the ceiling is the same), so the
/// offer is the same; only the runs spent on orders that could not win
/// are saved.
pub struct Shadow {
    pub hw: Hw,
    /// The makespan after allocation an offer must beat (None: any).
    ceiling: Option<u64>,
    /// The best offline price so far: (makespan after allocation, swaps,
    /// order, slices).
    pub best: Option<(u64, usize, Vec<NodeId>, Vec<u32>)>,
    /// Allocator runs made for it.
    pub runs: usize,
    /// The offline decision's prices (its pricer's memo, lent for the
    /// track, `Pricer::lend_memo`): an order that decision priced is not
    /// priced again.
    known: Memo,
}

impl Shadow {
    /// A shadow under `hw` that must beat `ceiling`, answering from `known`
    /// (the offline decision's prices) where it can.
    pub fn new(hw: Hw, ceiling: Option<u64>, known: Memo) -> Self {
        Shadow {
            hw,
            ceiling,
            best: None,
            runs: 0,
            known,
        }
    }

    /// Its best, its allocator runs, and the prices lent to it.
    #[expect(
        clippy::type_complexity,
        reason = "the fields it ends with, each named where they are declared"
    )]
    pub fn finish(self) -> (Option<(u64, usize, Vec<NodeId>, Vec<u32>)>, usize, Memo) {
        (self.best, self.runs, self.known)
    }

    fn beats(&self, makespan: u64) -> bool {
        self.ceiling.is_none_or(|c| makespan < c)
            && self.best.as_ref().is_none_or(|b| makespan < b.0)
    }

    /// Takes `order` on `slice_of` (memo key `key`), which first fit placed
    /// with `first_fit` (swaps and makespan; None: not placed, or not
    /// without swaps when `allow_swaps` is false), at its offline price.
    #[expect(
        clippy::too_many_arguments,
        reason = "the pricer's call: its stream, graph, order, key and first-fit result, each already in hand there"
    )]
    fn see(
        &mut self,
        stream: &Stream,
        graph: &StreamGraph,
        order: &[NodeId],
        slice_of: &[u32],
        key: &[usize],
        first_fit: Option<(usize, u64)>,
        allow_swaps: bool,
    ) {
        let price = match (first_fit, self.known.get(key)) {
            // Without a swap first fit's price is the time model's, the
            // least any placement gives: offline's is the same.
            (Some((0, m)), _) => Some((0, m)),
            // Priced by the offline decision, with swaps allowed: without
            // them the allocator takes the same steps and fails where that
            // price swaps (`price::price_swap_free`).
            (_, Some(&known)) => match known {
                Ok((swaps, m)) if allow_swaps || swaps == 0 => Some((swaps, m)),
                _ => None,
            },
            (_, None) => {
                // Allocation only adds transfers: an order whose time model
                // is no faster than the best cannot beat it.
                let predicted = simulate_order(stream, graph, order, slice_of).makespan;
                if !self.beats(predicted) {
                    return;
                }
                self.runs = self.runs.saturating_add(1);
                price_placed(stream, graph, order, slice_of, &self.hw, allow_swaps)
                    .ok()
                    .map(|p| (p.swaps, p.makespan))
            }
        };
        if let Some((swaps, m)) = price {
            if self.beats(m) {
                self.best = Some((m, swaps, order.to_vec(), slice_of.to_vec()));
            }
        }
    }
}

impl<'a> Pricer<'a> {
    pub fn new(stream: &'a Stream, graph: &'a StreamGraph, hw: &'a Hw) -> Self {
        Pricer {
            stream,
            graph,
            hw,
            memo: HashMap::new(),
            swap_free_memo: HashMap::new(),
            words: 0,
            runs: 0,
            packed: 0,
            shadow: None,
        }
    }

    fn key(order: &[NodeId], slice_of: &[u32]) -> Vec<usize> {
        let mut k = Vec::with_capacity(order.len().saturating_add(slice_of.len()));
        k.extend_from_slice(order);
        k.extend(slice_of.iter().map(|&x| x as usize));
        k
    }

    /// Swaps and makespan after allocation of `order` on `slice_of`, or
    /// where the allocator gave up.
    pub fn price(&mut self, order: &[NodeId], slice_of: &[u32]) -> Result<(usize, u64), Unplaced> {
        let key = Self::key(order, slice_of);
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        self.runs = self.runs.saturating_add(1);
        let r = self
            .run(order, slice_of, true)
            .map(|p| (p.swaps, p.makespan));
        if let Some(shadow) = &mut self.shadow {
            shadow.see(self.stream, self.graph, order, slice_of, &key, r.ok(), true);
        }
        remember(&mut self.memo, &mut self.words, key, r);
        r
    }

    /// The makespan after allocation of `order` on `slice_of` when the
    /// allocator places it without a swap, else None: `price` exactly on
    /// those orders, at the cost of the allocator's steps without swaps
    /// (`price::price_swap_free`). A full price already known answers it.
    pub fn price_swap_free(&mut self, order: &[NodeId], slice_of: &[u32]) -> Option<u64> {
        let key = Self::key(order, slice_of);
        if let Some(&r) = self.memo.get(&key) {
            return match r {
                Ok((0, m)) => Some(m),
                _ => None,
            };
        }
        if let Some(&r) = self.swap_free_memo.get(&key) {
            return r;
        }
        self.runs = self.runs.saturating_add(1);
        let r = self.run(order, slice_of, false).ok().map(|p| p.makespan);
        if let Some(shadow) = &mut self.shadow {
            let first_fit = r.map(|m| (0, m));
            shadow.see(
                self.stream,
                self.graph,
                order,
                slice_of,
                &key,
                first_fit,
                false,
            );
        }
        remember(&mut self.swap_free_memo, &mut self.words, key, r);
        r
    }

    /// One allocator run, counted as packed when a packing placed it.
    fn run(
        &mut self,
        order: &[NodeId],
        slice_of: &[u32],
        allow_swaps: bool,
    ) -> Result<super::price::Priced, Unplaced> {
        let r = price_placed(
            self.stream,
            self.graph,
            order,
            slice_of,
            self.hw,
            allow_swaps,
        );
        if r.is_ok_and(|p| p.packed) {
            self.packed = self.packed.saturating_add(1);
        }
        r
    }

    /// The prices made so far, lent (to the first-fit track's shadow)
    /// until `restore_memo`; meanwhile this pricer prices anew.
    pub fn lend_memo(&mut self) -> Memo {
        std::mem::take(&mut self.memo)
    }

    /// The prices lent by `lend_memo`, back.
    pub fn restore_memo(&mut self, memo: Memo) {
        self.memo = memo;
    }

    /// `price` as a [`Price`].
    pub fn price_of(&mut self, order: &[NodeId], slice_of: &[u32]) -> Price {
        Price::of(self.price(order, slice_of))
    }

    /// The price of an order already priced, without running the allocator.
    pub fn known(&self, order: &[NodeId], slice_of: &[u32]) -> Option<Price> {
        self.memo
            .get(&Self::key(order, slice_of))
            .map(|&r| Price::of(r))
    }

    /// Allocator runs made so far.
    pub fn runs(&self) -> usize {
        self.runs
    }

    /// Allocator runs so far whose order a packing placed: where offline
    /// placement priced an order otherwise than first fit would.
    pub fn packed(&self) -> usize {
        self.packed
    }
}

/// Keeps `value` under `key` while the memo's keys stay within
/// `MEMO_WORDS` words (`words` counts them over both memos).
fn remember<V>(memo: &mut HashMap<Vec<usize>, V>, words: &mut usize, key: Vec<usize>, value: V) {
    if words.saturating_add(key.len()) <= MEMO_WORDS {
        *words = words.saturating_add(key.len());
        memo.insert(key, value);
    }
}

/// The choice so far: a candidate and the rule that chose it (pass 0: the
/// first list schedule predicted faster that places without a swap; pass 1:
/// the fastest after allocation).
#[derive(Clone, Copy, Debug)]
pub struct Chosen {
    pub index: usize,
    pub pass: u32,
}

/// One block's candidates, the choice, and what each stage said.
#[derive(Default)]
pub struct Pool {
    pub candidates: Vec<Candidate>,
    pub chosen: Option<Chosen>,
    /// The input order: predicted, and (swaps, makespan) after allocation
    /// (None: it does not place).
    pub input_predicted: u64,
    pub input: Option<(usize, u64)>,
    /// The block's lower bound (`sched::bounds`).
    pub lower_bound: u64,
    /// Why the list stage kept the input, when no policy chose.
    pub why_kept: Option<Kept>,
    /// The list stage's choice (the DMA-order descent's start).
    pub listed: Option<usize>,
    /// Usable LRAM, in bytes.
    pub usable: u64,
    /// The candidate predicted fastest among those whose live bytes stay
    /// within usable LRAM (the oracle's start; ties to the earlier).
    pub fastest: Option<usize>,
    /// The oracle's best order and its bound (the improvement search's
    /// start), when it ran.
    pub oracle_best: Option<(Vec<NodeId>, u64)>,
    /// What each stage beyond the list schedules left about itself (None:
    /// not reached).
    pub oracle: Option<Outcome<Solved>>,
    pub greedy: Option<Outcome<Greedied>>,
    /// The DMA-order descent from the iterated greedy's order, when it ran
    /// (the report shows it under the greedy's).
    pub greedy_polish: Option<Outcome<Searched>>,
    pub polish: Option<Outcome<Searched>>,
    pub polish_first_fit: Option<Outcome<Searched>>,
    pub improve: Option<Outcome<Searched>>,
    /// The first-fit track (`super::first_fit_track`), when it applies.
    pub first_fit_track: Option<Outcome<Tracked>>,
    /// The list schedules made so far (the list stage's).
    pub lists: ListMemo,
    /// Allocator runs of the pricers other than the block's one (the
    /// first-fit-priced descent's, the first-fit track's).
    pub other_runs: usize,
    /// Optimisations that failed and were left out.
    pub failures: Vec<String>,
    /// A candidate only offline placement makes led the pool (chosen, or
    /// fastest within LRAM) at some point, or a stage searched with a
    /// model only offline placement's decision uses (the iterated greedy's
    /// decodes fitting loads by bytes alone): the first-fit decision's
    /// path may part from this one.
    pub offline_led: bool,
}

impl Pool {
    /// Adds a candidate; its index.
    pub fn add(&mut self, origin: Origin, schedule: Schedule, price: Price) -> usize {
        let (predicted, fits) = (schedule.makespan, schedule.peak_live_bytes <= self.usable);
        self.candidates.push(Candidate {
            origin,
            schedule,
            price,
        });
        let index = self.candidates.len().saturating_sub(1);
        if fits
            && self
                .fastest
                .is_none_or(|f| predicted < self.candidates[f].schedule.makespan)
        {
            self.fastest = Some(index);
            self.offline_led |= self.candidates[index].origin.offline_only();
        }
        index
    }

    pub fn chosen(&self) -> Option<&Candidate> {
        self.chosen.map(|c| &self.candidates[c.index])
    }

    /// The chosen candidate's makespan after allocation.
    pub fn chosen_after_allocation(&self) -> Option<u64> {
        self.chosen().and_then(|c| c.price.after_allocation())
    }

    /// The fastest makespan after allocation of any candidate priced so far.
    pub fn best_priced(&self) -> Option<u64> {
        self.candidates
            .iter()
            .filter_map(|c| c.price.after_allocation())
            .min()
    }

    /// The makespan after allocation a new candidate must beat: the
    /// choice's, or the input's when nothing is chosen.
    pub fn bar(&self) -> Option<u64> {
        match self.chosen {
            Some(_) => self.chosen_after_allocation(),
            None => self.input.map(|i| i.1),
        }
    }

    /// The best order so far (the choice, or the input when nothing is
    /// chosen) is at the block's lower bound: no order is faster.
    pub fn at_bound(&self) -> bool {
        self.bar().is_some_and(|b| b <= self.lower_bound)
    }

    /// Chooses candidate `index` (pass 1) when it places faster than the
    /// bar.
    pub fn offer(&mut self, index: usize) {
        let Some(cost) = self.candidates[index].price.after_allocation() else {
            return;
        };
        if self.bar().is_none_or(|b| cost < b) {
            self.choose(Chosen { index, pass: 1 });
        }
    }

    /// Makes `c` the choice.
    pub fn choose(&mut self, c: Chosen) {
        self.offline_led |= self.candidates[c.index].origin.offline_only();
        self.chosen = Some(c);
    }

    /// Records a failed optimisation (for the report and the remarks).
    pub fn fail(&mut self, why: String) {
        self.failures.push(why);
    }
}

/// What a stage left in the pool about itself: why it did not run, or
/// what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    Skipped(Skip),
    Ran(T),
}

/// Why the list stage kept the input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The list scheduler refused the block (its error).
    NoSchedule(String),
    /// Every schedule that places is no faster than the input after
    /// allocation.
    NoneBeatsInput,
    /// No schedule places.
    NoneAllocates,
    /// The stage did not run.
    Skipped(Skip),
    /// constant-loads: no load of constant data can move.
    NothingToMove,
    /// constant-loads: the moved order breaks a dependence or is predicted
    /// slower than the input.
    NotFasterOrLegal,
    /// constant-loads: the moved order places only with swaps.
    NeedsSwaps,
}

impl std::fmt::Display for Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Kept::NothingToMove {
            return f.write_str("no constant load to move");
        }
        f.write_str("kept the input order: ")?;
        match self {
            Kept::NoSchedule(e) => f.write_str(e),
            Kept::NoneBeatsInput => f.write_str("no schedule beats it after allocation"),
            Kept::NoneAllocates => f.write_str("no schedule could be allocated"),
            Kept::Skipped(why) => write!(f, "{why}"),
            Kept::NothingToMove => Ok(()),
            Kept::NotFasterOrLegal => f.write_str("moving is not faster or not legal"),
            Kept::NeedsSwaps => f.write_str("the moved loads need swaps"),
        }
    }
}

/// Why a stage did not run (the report's `skipped`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// The best order so far is at the block's lower bound.
    AtBound,
    /// The best order so far is within the decision's gap of the bound.
    WithinGap,
    /// Every order was priced as first fit prices it and no candidate
    /// only offline placement makes led: the decision under first fit
    /// would take the same path (the first-fit track).
    SamePath,
    /// Its budget options (named) are 0.
    NoBudget(&'static str),
    /// No list schedule stays within usable LRAM (`of_starts`: among the
    /// iterated greedy's starts).
    NothingWithinLram { of_starts: bool },
    /// No order was chosen (the input is kept so far): a search from the
    /// choice has no start.
    NothingChosen,
    /// The block is above the size limit of stage `stage`
    /// (`sched::oracle::MAX_NODES`, `decide::improve::MAX_NODES`).
    TooLarge {
        nodes: usize,
        limit: usize,
        stage: &'static str,
    },
    /// It failed (a solver's error, or a panic caught), as said.
    Failed(String),
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skip::AtBound => {
                f.write_str("the best order so far is at the lower bound: nothing is faster")
            }
            Skip::WithinGap => {
                f.write_str("the committed order is within torq-oracle-gap-ppm of the bound")
            }
            Skip::SamePath => f.write_str(
                "every order was priced as first fit prices it, on the same path: \
                 the decision under first fit commits the same order",
            ),
            Skip::NoBudget(options) => write!(f, "{options} is 0"),
            Skip::NothingWithinLram { of_starts: false } => {
                f.write_str("no list schedule stays within usable LRAM")
            }
            Skip::NothingWithinLram { of_starts: true } => {
                f.write_str("no list schedule of its starts stays within usable LRAM")
            }
            Skip::NothingChosen => {
                f.write_str("no order was chosen to start from: the input is kept so far")
            }
            Skip::TooLarge {
                nodes,
                limit,
                stage,
            } => write!(
                f,
                "the block has {nodes} scheduled ops, above the {stage}'s limit ({limit})"
            ),
            Skip::Failed(why) => f.write_str(why),
        }
    }
}
