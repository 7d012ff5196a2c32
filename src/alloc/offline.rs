//! Offline placement (`torq-placement=offline`): the whole order is known before
//! any offset is chosen, so the buffers are packed in time x address
//! (`pack`) instead of placed one by one in program order.
//!
//! 1. The first-fit plan (`alloc::plan`, upstream's policy) runs first. If
//!    it needs no swap it is the answer: its addresses are upstream's, and
//!    no placement can be faster than one without transfers.
//! 2. Otherwise every buffer is one item, alive from its alloc to its
//!    dealloc (a program's operands stay allocated until its wait anyway),
//!    and `pack` looks for a placement without swaps under the node budget.
//!    `Outcome::Infeasible` is a proof that none exists.
//! 3. Otherwise swaps are chosen by capacity alone, furthest next use first
//!    (Belady): walking the ops with a byte budget `cap`, a request that
//!    does not fit evicts the resident, unpinned buffer whose next use is
//!    furthest (never used again first; then larger, then lower id), which
//!    comes back before its next use. Each stay in LRAM (incarnation) is an
//!    item; `pack` places them. If they do not pack at `cap` = usable LRAM,
//!    fragmentation needs head room: `cap` drops to 95%, 90%, 85%, 80%. A
//!    walk that evicts nothing gives step 2's items again: that packing is
//!    not repeated (the search is deterministic), and its nodes go to the
//!    lower caps. On a tight chain of weights (issue 26's mixed chain) this
//!    halves the allocator's time on the orders step 2 cannot place in its
//!    share: the 95% walk's items pack at once.
//! 4. Of the first-fit plan and the packed one (with swaps), the faster
//!    wins when the caller can time a plan (`play`: the order played with
//!    the plan's swap transfers, as the pricer and AssignLramAddresses both
//!    do), so offline is never slower than first fit on the same order;
//!    then, and without `play`, fewer swaps (then fewer bytes swapped;
//!    first-fit on a tie).
//!
//! Cost: one first-fit plan; when it swaps, up to six packings that share
//! the node budget (`torq-placement-nodes`), and up to five Belady walks of
//! O(ops x resident buffers) each. A packing needs a node per item, so
//! blocks of more buffers than the budget skip steps 2 and 3 at the cost
//! of one sort (first fit's plan stands).

use super::pack::{self, Item, Outcome};
use super::{round, AllocError, AllocPlan, BufId, Incarnation, OpEvent, Swap};
use crate::lram::WORD;
use serde::Serialize;

/// What the offline placer did, for the report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OfflineReport {
    /// The packing without swaps: "placed", "infeasible" (proven), or
    /// "unknown" (budget); absent when first-fit needed no swap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap_free: Option<Outcome>,
    /// The Belady capacity (% of usable) of the packed plan with swaps, when
    /// that plan was taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap_cap_percent: Option<u64>,
    /// Whose addresses the plan has.
    pub placed_by: PlacedBy,
    pub nodes: u64,
}

/// Whose addresses an offline plan has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlacedBy {
    /// First fit's plan (upstream's policy) stands.
    #[default]
    FirstFit,
    /// A packing of the whole order (`pack`) placed it.
    Packed,
}

/// The share of an allocation's `nodes` the packing without swaps may
/// spend (the rest is for the packings with swaps).
pub fn swap_free_nodes(nodes: u64) -> u64 {
    nodes / 2
}

/// `plan` with offline placement; `nodes` is the search nodes of all its
/// packings together (half of them at most for the one without swaps).
pub fn plan_offline(
    sizes: &[u64],
    ops: &[OpEvent],
    usable: u64,
    allow_swaps: bool,
    nodes: u64,
    play: Option<&mut dyn FnMut(&AllocPlan) -> u64>,
) -> Result<AllocPlan, AllocError> {
    let first_fit = super::plan(sizes, ops, usable, allow_swaps);
    let mut report = OfflineReport {
        placed_by: PlacedBy::FirstFit,
        ..Default::default()
    };
    // The plan that is returned carries the report.
    let with = |plan: Result<AllocPlan, AllocError>, report: OfflineReport| {
        plan.map(|mut p| {
            p.offline = Some(report);
            p
        })
    };
    if matches!(&first_fit, Ok(p) if p.swaps_out == 0 && p.swaps_in == 0) {
        return with(first_fit, report);
    }
    match &first_fit {
        // Facts no placement changes: a use of an unallocated buffer, or
        // more pinned bytes than LRAM.
        Err(AllocError::NotAllocated { .. }) => return first_fit,
        Err(AllocError::Exceeds { .. }) if allow_swaps => return first_fit,
        _ => {}
    }
    let cap = (usable / WORD).saturating_mul(WORD);
    // 2. Without swaps.
    let (items, bufs) = swap_free_items(sizes, ops);
    let packing = pack::pack(&items, cap, WORD, swap_free_nodes(nodes));
    report.nodes = packing.nodes;
    report.swap_free = Some(packing.outcome);
    if packing.outcome == Outcome::Placed {
        let mut plan = AllocPlan::unplaced(sizes.len(), ops.len());
        for (k, &b) in bufs.iter().enumerate() {
            plan.incarnations[b] = Incarnation {
                buf: b,
                offset: packing.offsets[k],
                from_op: items[k].lower as usize,
            };
        }
        plan.peak_bytes = pack::peak(&items);
        report.placed_by = PlacedBy::Packed;
        plan.offline = Some(report);
        return Ok(plan);
    }
    if !allow_swaps {
        // No placement without swaps was found: first-fit's error stands.
        return with(first_fit, report);
    }
    // 3. With swaps by next use. Every buffer has at least one stay, and a
    // packing places one item per search node: with no more nodes left
    // than buffers, no packing can finish, and none is tried.
    let mut packed: Option<AllocPlan> = None;
    let hopeless = nodes.saturating_sub(report.nodes) <= items.len() as u64;
    for percent in [100u64, 95, 90, 85, 80].into_iter().filter(|_| !hopeless) {
        let budget = (u64::try_from(u128::from(cap).saturating_mul(u128::from(percent)) / 100)
            .unwrap_or(u64::MAX)
            / WORD)
            .saturating_mul(WORD);
        let Some(split) = belady(sizes, ops, budget) else {
            continue;
        };
        let split_items: Vec<Item> = split.incs.iter().map(|s| s.item).collect();
        // A split without a swap is the swap-free question, already asked:
        // the search is deterministic, so asking again would only repeat
        // its nodes, and the rest go to the splits with swaps.
        if split_items == items {
            continue;
        }
        let items = split_items;
        let left = nodes.saturating_sub(report.nodes);
        if left == 0 {
            break;
        }
        let packing = pack::pack(&items, cap, WORD, left);
        report.nodes = report.nodes.saturating_add(packing.nodes);
        if packing.outcome == Outcome::Placed {
            report.swap_cap_percent = Some(percent);
            packed = Some(split.into_plan(sizes.len(), ops.len(), &packing.offsets, &items));
            break;
        }
    }
    let mut play = play;
    let mut better = |a: &AllocPlan, b: &AllocPlan| {
        let key = |p: &AllocPlan| {
            (
                p.swaps_out.saturating_add(p.swaps_in),
                swapped_bytes(p, sizes),
            )
        };
        let time = match play.as_mut() {
            Some(play) => (play(a), play(b)),
            None => (0, 0),
        };
        (time.0, key(a)) < (time.1, key(b))
    };
    match (first_fit, packed) {
        (Ok(ff), Some(p)) if !better(&p, &ff) => with(Ok(ff), report),
        (_, Some(p)) => {
            report.placed_by = PlacedBy::Packed;
            with(Ok(p), report)
        }
        (ff, None) => with(ff, report),
    }
}

fn swapped_bytes(p: &AllocPlan, sizes: &[u64]) -> u64 {
    p.before
        .iter()
        .flatten()
        .map(|s| match *s {
            Swap::Out { buf } | Swap::In { buf, .. } => sizes[buf],
        })
        .sum()
}

/// Each allocated buffer's whole lifetime: from its alloc to just after its
/// dealloc (or the end).
fn swap_free_items(sizes: &[u64], ops: &[OpEvent]) -> (Vec<Item>, Vec<BufId>) {
    let mut lower: Vec<Option<usize>> = vec![None; sizes.len()];
    let mut upper: Vec<Option<usize>> = vec![None; sizes.len()];
    for (i, op) in ops.iter().enumerate() {
        for &b in &op.allocs {
            lower[b].get_or_insert(i);
        }
        for &b in &op.deallocs {
            if lower[b].is_some() && upper[b].is_none() {
                upper[b] = Some(i.saturating_add(1));
            }
        }
    }
    let mut items = Vec::new();
    let mut bufs = Vec::new();
    for b in 0..sizes.len() {
        if let Some(lo) = lower[b] {
            let hi = upper[b].unwrap_or(ops.len()).max(lo.saturating_add(1));
            items.push(Item {
                lower: lo as u64,
                upper: hi as u64,
                size: round(sizes[b]),
            });
            bufs.push(b);
        }
    }
    (items, bufs)
}

/// One stay of a buffer in LRAM.
struct Stay {
    buf: BufId,
    /// The original alloc (true) or a swap-in.
    original: bool,
    item: Item,
}

struct Split {
    incs: Vec<Stay>,
    /// Per op: swap-outs (buffer) and swap-ins (index into `incs`).
    outs: Vec<Vec<BufId>>,
    ins: Vec<Vec<usize>>,
}

impl Split {
    fn into_plan(self, n_bufs: usize, n_ops: usize, offsets: &[u64], items: &[Item]) -> AllocPlan {
        let mut plan = AllocPlan::unplaced(n_bufs, n_ops);
        for (k, s) in self.incs.iter().enumerate() {
            if s.original {
                plan.incarnations[s.buf] = Incarnation {
                    buf: s.buf,
                    offset: offsets[k],
                    from_op: s.item.lower as usize,
                };
            }
        }
        // Swap-outs of an op first, then its swap-ins: an incoming buffer may
        // take the place of an outgoing one.
        for i in 0..n_ops {
            for &b in &self.outs[i] {
                plan.before[i].push(Swap::Out { buf: b });
                plan.swaps_out = plan.swaps_out.saturating_add(1);
            }
            for &k in &self.ins[i] {
                let s = &self.incs[k];
                plan.incarnations.push(Incarnation {
                    buf: s.buf,
                    offset: offsets[k],
                    from_op: i,
                });
                plan.before[i].push(Swap::In {
                    buf: s.buf,
                    incarnation: plan.incarnations.len().saturating_sub(1),
                    offset: offsets[k],
                });
                plan.swaps_in = plan.swaps_in.saturating_add(1);
            }
        }
        plan.peak_bytes = pack::peak(items);
        plan
    }
}

/// Swaps chosen by capacity alone at `cap` bytes, furthest next use first;
/// None when the pinned buffers alone do not fit.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "live sums the rounded sizes of the buffers resident at once, each at most 2^40 bytes and at most 2^22 of them, and takes off only sizes it added; ptr[v] and i + 1 count ops, at most their number"
)]
fn belady(sizes: &[u64], ops: &[OpEvent], cap: u64) -> Option<Split> {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum St {
        None,
        Resident(usize),
        Out,
        Freed,
    }
    let n = ops.len();
    let mut uses_at: Vec<Vec<usize>> = vec![Vec::new(); sizes.len()];
    for (i, op) in ops.iter().enumerate() {
        for &b in &op.uses {
            if uses_at[b].last() != Some(&i) {
                uses_at[b].push(i);
            }
        }
    }
    let mut next_ptr = vec![0usize; sizes.len()];
    let mut state = vec![St::None; sizes.len()];
    let mut split = Split {
        incs: Vec::new(),
        outs: vec![Vec::new(); n],
        ins: vec![Vec::new(); n],
    };
    let mut resident: Vec<BufId> = Vec::new();
    let mut live = 0u64;
    let mut running: Vec<(usize, Vec<BufId>)> = Vec::new();
    let mut pinned = vec![false; sizes.len()];
    for (i, op) in ops.iter().enumerate() {
        let pins: Vec<BufId> = op
            .uses
            .iter()
            .chain(&op.allocs)
            .chain(running.iter().flat_map(|(_, bs)| bs.iter()))
            .copied()
            .collect();
        for &b in &pins {
            pinned[b] = true;
        }
        let mut requests: Vec<(BufId, bool)> = Vec::new();
        for &b in &op.uses {
            match state[b] {
                St::Out if !requests.iter().any(|r| r.0 == b) => requests.push((b, false)),
                St::None | St::Freed => return None,
                _ => {}
            }
        }
        for &b in &op.allocs {
            requests.push((b, true));
        }
        for (b, original) in requests {
            let size = round(sizes[b]);
            while live + size > cap {
                let next_use = |v: BufId, ptr: &mut [usize]| {
                    let list = &uses_at[v];
                    while ptr[v] < list.len() && list[ptr[v]] < i {
                        ptr[v] += 1;
                    }
                    list.get(ptr[v]).copied().unwrap_or(usize::MAX)
                };
                let victim = resident
                    .iter()
                    .copied()
                    .filter(|&v| !pinned[v])
                    .max_by_key(|&v| {
                        (
                            next_use(v, &mut next_ptr),
                            round(sizes[v]),
                            std::cmp::Reverse(v),
                        )
                    })?;
                if let St::Resident(k) = state[victim] {
                    split.incs[k].item.upper = i as u64;
                }
                resident.retain(|&v| v != victim);
                live -= round(sizes[victim]);
                state[victim] = St::Out;
                split.outs[i].push(victim);
            }
            live += size;
            let k = split.incs.len();
            split.incs.push(Stay {
                buf: b,
                original,
                item: Item {
                    lower: i as u64,
                    upper: n as u64,
                    size,
                },
            });
            if !original {
                split.ins[i].push(k);
            }
            state[b] = St::Resident(k);
            resident.push(b);
        }
        for &b in &pins {
            pinned[b] = false;
        }
        if let Some(w) = op.pin_until {
            running.push((w, op.uses.clone()));
        }
        running.retain(|(w, _)| *w != i);
        for &b in &op.deallocs {
            if let St::Resident(k) = state[b] {
                split.incs[k].item.upper = (i + 1) as u64;
                resident.retain(|&v| v != b);
                live -= round(sizes[b]);
            }
            state[b] = St::Freed;
        }
    }
    Some(split)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alloc::plan;

    fn ev(uses: &[BufId], allocs: &[BufId], deallocs: &[BufId]) -> OpEvent {
        OpEvent {
            uses: uses.to_vec(),
            allocs: allocs.to_vec(),
            deallocs: deallocs.to_vec(),
            pin_until: None,
        }
    }

    /// Weights that alternate in a ping-pong: first-fit puts the third one
    /// where it cannot grow; the packing finds the double-buffered layout.
    #[test]
    fn packs_what_first_fit_swaps() {
        // usable 400 KiB; weights 190, 200, 195, 205 KiB, each alive with the
        // previous one only.
        let k = 1024;
        let sizes = [190 * k, 200 * k, 195 * k, 205 * k];
        let ops = [
            ev(&[], &[0], &[]),
            ev(&[], &[1], &[]),
            ev(&[0, 1], &[], &[0]),
            ev(&[], &[2], &[]),
            ev(&[1, 2], &[], &[1]),
            ev(&[], &[3], &[]),
            ev(&[2, 3], &[], &[2, 3]),
        ];
        let usable = 400 * k;
        let ff = plan(&sizes, &ops, usable, true).unwrap();
        assert!(ff.swaps_out > 0, "first-fit swaps here");
        let off = plan_offline(&sizes, &ops, usable, true, 10_000, None).unwrap();
        assert_eq!(off.swaps_out + off.swaps_in, 0);
        let rep = off.offline.as_ref().unwrap();
        assert_eq!(
            (rep.placed_by, rep.swap_free),
            (PlacedBy::Packed, Some(Outcome::Placed))
        );
        // Without swaps first-fit fails; offline places.
        assert!(plan(&sizes, &ops, usable, false).is_err());
        assert!(plan_offline(&sizes, &ops, usable, false, 10_000, None).is_ok());
    }

    #[test]
    fn first_fit_when_it_needs_no_swap() {
        let sizes = [100, 65536, 8];
        let ops = [
            ev(&[], &[0], &[]),
            ev(&[], &[1], &[]),
            ev(&[], &[2], &[]),
            ev(&[0, 1, 2], &[], &[0, 1, 2]),
        ];
        let ff = plan(&sizes, &ops, 523_008, false).unwrap();
        let off = plan_offline(&sizes, &ops, 523_008, false, 1000, None).unwrap();
        assert_eq!(ff.incarnations, off.incarnations);
    }

    #[test]
    fn swaps_the_buffer_used_furthest() {
        // 3 buffers of 4 KiB in 8 KiB; after the third alloc, 0 is used
        // again at op 4 and 1 at op 6: 1 goes out (first-fit's age order
        // would take 0).
        let sizes = [4096, 4096, 4096];
        let ops = [
            ev(&[], &[0], &[]),
            ev(&[], &[1], &[]),
            ev(&[], &[2], &[]),
            ev(&[2], &[], &[]),
            ev(&[0], &[], &[]),
            ev(&[2], &[], &[2]),
            ev(&[1], &[], &[]),
            ev(&[0, 1], &[], &[0, 1]),
        ];
        let ff = plan(&sizes, &ops, 8192, true).unwrap();
        let off = plan_offline(&sizes, &ops, 8192, true, 1000, None).unwrap();
        assert_eq!(off.before[2], vec![Swap::Out { buf: 1 }]);
        assert!(off.swaps_out + off.swaps_in <= ff.swaps_out + ff.swaps_in);
        assert_eq!((off.swaps_out, off.swaps_in), (1, 1));
        // Timed, the faster plan wins whatever its swaps: here a timing
        // under which first fit's plan is the faster one.
        let ff_swaps = ff.swaps_out + ff.swaps_in;
        assert!(ff_swaps > 2);
        let mut first_fit_faster = |p: &AllocPlan| {
            if p.swaps_out + p.swaps_in == ff_swaps {
                10
            } else {
                20
            }
        };
        let timed =
            plan_offline(&sizes, &ops, 8192, true, 1000, Some(&mut first_fit_faster)).unwrap();
        assert_eq!(timed.before, ff.before);
        assert_eq!(timed.offline.map(|r| r.placed_by), Some(PlacedBy::FirstFit));
        // And the packing when it is the faster.
        let mut packed_faster = |p: &AllocPlan| (p.swaps_out + p.swaps_in) as u64;
        let timed = plan_offline(&sizes, &ops, 8192, true, 1000, Some(&mut packed_faster)).unwrap();
        assert_eq!(timed.before, off.before);
    }

    /// A tight chain of weights of mixed sizes with small outputs living
    /// across them (tests/data/mixed-chain-32-swap-free.csv, the swap-free
    /// question of an order of issue 26's mixed chain): its live bytes fit
    /// (the Belady walk at 100% evicts nothing), but the packer does not
    /// place it in its share of the default budget. The walk's items are
    /// the swap-free ones: they are not packed again, and the nodes go to
    /// the 95% walk, whose items pack at once.
    #[test]
    fn a_walk_without_swaps_is_not_packed_twice() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/mixed-chain-32-swap-free.csv");
        let text = std::fs::read_to_string(&path).expect("a test instance");
        let items = pack::read_minimalloc(&text).expect("a test instance");
        let ops_len = items.iter().map(|it| it.upper).max().unwrap_or(0) as usize;
        let mut ops: Vec<OpEvent> = (0..ops_len).map(|_| ev(&[], &[], &[])).collect();
        for (b, it) in items.iter().enumerate() {
            ops[it.lower as usize].allocs.push(b);
            ops[it.upper as usize - 1].uses.push(b);
            ops[it.upper as usize - 1].deallocs.push(b);
        }
        let sizes: Vec<u64> = items.iter().map(|it| it.size).collect();
        let usable = 523_008;
        let nodes = crate::lram::Placer::default().nodes;
        assert!(pack::peak(&items) <= usable);
        let plan = plan_offline(&sizes, &ops, usable, true, nodes, None).unwrap();
        let rep = plan.offline.as_ref().unwrap();
        // The premise: the packer does not place it in its share (if it
        // comes to, this test needs a harder instance).
        assert_eq!(rep.swap_free, Some(Outcome::Unknown));
        assert_eq!(rep.swap_cap_percent, Some(95), "{rep:?}");
        assert!(rep.nodes < nodes, "{rep:?}");
    }
}
