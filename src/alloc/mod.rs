//! The LRAM allocator in plain data (upstream-ir.md §4): the virtual-memory
//! step that decides swaps, and the addresses.
//!
//! The input is the function's top-level ops in order, each reduced to the
//! LRAM buffers it allocates, frees and uses, and (for a start_program) the
//! op of its wait, until which its operands stay pinned. `plan` walks the ops
//! once with an `LramAddressSpace` of the usable LRAM:
//!
//! 1. pin the op's operands (and those of programs still running);
//! 2. swap in operands that were swapped out, then allocate the op's results;
//!    each placement that fails evicts the oldest unpinned resident buffer
//!    (oldest = placed earliest) and retries, until nothing unpinned is left;
//! 3. free what the op deallocates; a wait unpins its program's operands.
//!
//! Evicting in age order until the request fits also resolves fragmentation:
//! if every unpinned buffer is out and it still does not fit, nothing can
//! make it fit. Evicted buffers come back when next used (lazily), not at
//! once. With swaps off, the first failed placement is the answer.
//!
//! The addresses are the offsets of this same replay, so "the linear pass"
//! of upstream and the virtual-memory step cannot disagree. Cost: O(ops x
//! (buffers used + evictions) x free ranges).

pub mod offline;
pub mod pack;

use crate::lram::{LramAddressSpace, Placement, Placer};
use serde::Serialize;

pub type BufId = usize;

/// One top-level op as the allocator sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OpEvent {
    /// LRAM buffers the op reads or writes (operands, through views).
    pub uses: Vec<BufId>,
    /// LRAM buffers the op allocates (its results).
    pub allocs: Vec<BufId>,
    /// LRAM buffers the op frees.
    pub deallocs: Vec<BufId>,
    /// For a start_program: the index of its wait_program, or the number of
    /// ops (past the last) when it is never waited for: its buffers are
    /// pinned to the block's end.
    pub pin_until: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Swap {
    /// Store the buffer's current incarnation to XRAM and free it.
    Out { buf: BufId },
    /// Bring it back as a new incarnation at `offset`.
    In {
        buf: BufId,
        incarnation: usize,
        offset: u64,
    },
}

/// A buffer's stay in LRAM: from its alloc (or swap-in) to its dealloc (or swap-out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Incarnation {
    pub buf: BufId,
    pub offset: u64,
    /// The op before which (swap-in) or at which (alloc) it starts.
    pub from_op: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AllocPlan {
    /// Per op: the swaps to insert just before it, in order.
    pub before: Vec<Vec<Swap>>,
    /// Incarnation 0..bufs.len() are the original allocs (by buffer id);
    /// swap-ins append.
    pub incarnations: Vec<Incarnation>,
    pub swaps_out: usize,
    pub swaps_in: usize,
    /// Bytes of the most LRAM in use at once (words, as placed).
    pub peak_bytes: u64,
    /// What the offline placer did (`torq-placement=offline`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offline: Option<offline::OfflineReport>,
}

impl AllocPlan {
    /// A plan with no swap and `bufs` original incarnations not placed yet.
    pub fn unplaced(bufs: usize, ops: usize) -> Self {
        AllocPlan {
            before: vec![Vec::new(); ops],
            incarnations: (0..bufs)
                .map(|b| Incarnation {
                    buf: b,
                    offset: u64::MAX,
                    from_op: usize::MAX,
                })
                .collect(),
            ..Default::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum AllocError {
    #[error("Memory usage: {usage} exceeds lram size {size} bytes")]
    Exceeds { op: usize, usage: u64, size: u64 },
    #[error("unable to free enough space")]
    CannotFree { op: usize },
    #[error("unable to allocate space for result #{result}")]
    CannotAllocate { op: usize, result: usize },
    #[error("an LRAM buffer is used while it is not allocated (after its dealloc)")]
    NotAllocated { op: usize, buf: BufId },
}

impl AllocError {
    pub fn op(&self) -> usize {
        match *self {
            AllocError::Exceeds { op, .. }
            | AllocError::CannotFree { op }
            | AllocError::CannotAllocate { op, .. }
            | AllocError::NotAllocated { op, .. } => op,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unallocated,
    /// Resident as incarnation `inc`, placed at `offset`, since op `since`.
    Resident {
        inc: usize,
        offset: u64,
        since: usize,
    },
    SwappedOut,
    Freed,
}

fn round(bytes: u64) -> u64 {
    crate::lram::round_to_word(bytes.max(1))
}

/// Plans swaps and addresses with `placer`'s policy: first-fit ([`plan`],
/// upstream's) or offline ([`offline::plan_offline`]).
pub fn plan_with(
    sizes: &[u64],
    ops: &[OpEvent],
    usable: u64,
    allow_swaps: bool,
    placer: Placer,
) -> Result<AllocPlan, AllocError> {
    plan_timed(sizes, ops, usable, allow_swaps, placer, None)
}

/// [`plan_with`], where `play` times a plan (the makespan of the order
/// played with its swap transfers): offline placement then takes the
/// faster of first fit's plan and its packing (`offline` step 4). The
/// pricer and AssignLramAddresses pass the same timing, so they choose
/// alike.
pub fn plan_timed(
    sizes: &[u64],
    ops: &[OpEvent],
    usable: u64,
    allow_swaps: bool,
    placer: Placer,
    play: Option<&mut dyn FnMut(&AllocPlan) -> u64>,
) -> Result<AllocPlan, AllocError> {
    match placer.placement {
        Placement::FirstFit => plan(sizes, ops, usable, allow_swaps),
        Placement::Offline => {
            offline::plan_offline(sizes, ops, usable, allow_swaps, placer.nodes, play)
        }
    }
}

/// Plans swaps and addresses for buffers of `sizes` bytes over `ops`, in a
/// usable LRAM of `usable` bytes, by first fit in program order.
pub fn plan(
    sizes: &[u64],
    ops: &[OpEvent],
    usable: u64,
    allow_swaps: bool,
) -> Result<AllocPlan, AllocError> {
    // The buffers an op pins (its own and those of the programs running
    // across it), marked with the op's index + 1, so that neither check
    // builds a set per op.
    let mut mark = vec![0usize; sizes.len()];
    let pins = |i: usize, running: &[(usize, usize)], mark: &mut [usize]| -> u64 {
        let mut bytes = 0u64;
        let held = running.iter().flat_map(|&(_, at)| &ops[at].uses);
        for &b in ops[i].uses.iter().chain(&ops[i].allocs).chain(held) {
            if mark[b] != i.saturating_add(1) {
                mark[b] = i.saturating_add(1);
                bytes = bytes.saturating_add(round(sizes[b]));
            }
        }
        bytes
    };
    // Peak check first: what must be resident at once. Programs running
    // are (their wait, their start's op).
    let mut waits: Vec<(usize, usize)> = Vec::new();
    let mut live_total = 0u64;
    let mut live = vec![false; sizes.len()];
    for (i, op) in ops.iter().enumerate() {
        for &b in &op.allocs {
            if !live[b] {
                live[b] = true;
                live_total = live_total.saturating_add(round(sizes[b]));
            }
        }
        let usage = if allow_swaps {
            pins(i, &waits, &mut mark)
        } else {
            live_total
        };
        if usage > usable {
            return Err(AllocError::Exceeds {
                op: i,
                usage,
                size: usable,
            });
        }
        if let Some(w) = op.pin_until {
            waits.push((w, i));
        }
        waits.retain(|(w, _)| *w != i);
        for &b in &op.deallocs {
            if live[b] {
                live[b] = false;
                live_total = live_total.saturating_sub(round(sizes[b]));
            }
        }
    }

    let mut space = LramAddressSpace::new(usable);
    let mut state = vec![State::Unallocated; sizes.len()];
    let mut plan = AllocPlan::unplaced(sizes.len(), ops.len());
    let mut running: Vec<(usize, usize)> = Vec::new();
    // Resident buffers by age: (placed at op, buffer).
    let mut resident: std::collections::BTreeSet<(usize, BufId)> = Default::default();
    mark.fill(0);
    let mut requests: Vec<(BufId, Option<usize>)> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        // The buffers no swap may take out at this op: mark[b] == i + 1.
        pins(i, &running, &mut mark);
        for &b in &op.uses {
            if matches!(state[b], State::Unallocated | State::Freed) {
                return Err(AllocError::NotAllocated { op: i, buf: b });
            }
        }
        // Swap in, then allocate results.
        requests.clear();
        for &b in &op.uses {
            if state[b] == State::SwappedOut && !requests.iter().any(|r| r.0 == b) {
                requests.push((b, None));
            }
        }
        for (k, &b) in op.allocs.iter().enumerate() {
            requests.push((b, Some(k)));
        }
        for &(b, result) in &requests {
            let bytes = sizes[b];
            let offset = loop {
                if let Some(off) = space.alloc(bytes) {
                    break off;
                }
                let victim = if allow_swaps {
                    resident
                        .iter()
                        .find(|&&(_, v)| mark[v] != i.saturating_add(1))
                        .copied()
                } else {
                    None
                };
                match victim {
                    Some((since, v)) => {
                        if let State::Resident { offset, .. } = state[v] {
                            space.free(offset);
                        }
                        resident.remove(&(since, v));
                        state[v] = State::SwappedOut;
                        plan.before[i].push(Swap::Out { buf: v });
                        plan.swaps_out = plan.swaps_out.saturating_add(1);
                    }
                    None => {
                        return Err(match result {
                            Some(k) => AllocError::CannotAllocate { op: i, result: k },
                            None => AllocError::CannotFree { op: i },
                        })
                    }
                }
            };
            let inc = if result.is_some() {
                plan.incarnations[b] = Incarnation {
                    buf: b,
                    offset,
                    from_op: i,
                };
                b
            } else {
                plan.incarnations.push(Incarnation {
                    buf: b,
                    offset,
                    from_op: i,
                });
                plan.before[i].push(Swap::In {
                    buf: b,
                    incarnation: plan.incarnations.len().saturating_sub(1),
                    offset,
                });
                plan.swaps_in = plan.swaps_in.saturating_add(1);
                plan.incarnations.len().saturating_sub(1)
            };
            state[b] = State::Resident {
                inc,
                offset,
                since: i,
            };
            resident.insert((i, b));
            plan.peak_bytes = plan.peak_bytes.max(space.used_bytes());
        }
        if let Some(w) = op.pin_until {
            running.push((w, i));
        }
        running.retain(|(w, _)| *w != i);
        for &b in &op.deallocs {
            if let State::Resident { offset, since, .. } = state[b] {
                space.free(offset);
                resident.remove(&(since, b));
            }
            state[b] = State::Freed;
        }
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alloc(b: BufId) -> OpEvent {
        OpEvent {
            allocs: vec![b],
            ..Default::default()
        }
    }
    fn uses(bs: &[BufId]) -> OpEvent {
        OpEvent {
            uses: bs.to_vec(),
            ..Default::default()
        }
    }
    fn free(b: BufId) -> OpEvent {
        OpEvent {
            deallocs: vec![b],
            ..Default::default()
        }
    }

    #[test]
    fn places_by_policy_without_swaps() {
        let sizes = [100, 65536, 8];
        let ops = [
            alloc(0),
            alloc(1),
            alloc(2),
            uses(&[0, 1, 2]),
            free(0),
            free(1),
            free(2),
        ];
        let p = plan(&sizes, &ops, 523_008, false).unwrap();
        assert_eq!(p.incarnations[0].offset, 0);
        assert_eq!(p.incarnations[1].offset, 523_008 - 65536);
        assert_eq!(p.incarnations[2].offset, 104);
        assert_eq!(p.swaps_out, 0);
    }

    #[test]
    fn swaps_the_oldest_unpinned_buffer() {
        // 3 buffers of 4 KB in 8 KB: the third evicts the first (oldest).
        let sizes = [4096, 4096, 4096];
        let ops = [
            alloc(0),
            alloc(1),
            alloc(2),
            uses(&[1, 2]),
            uses(&[0]),
            free(0),
            free(1),
            free(2),
        ];
        let p = plan(&sizes, &ops, 8192, true).unwrap();
        assert_eq!(p.before[2], vec![Swap::Out { buf: 0 }]);
        // Using 0 again evicts 1 (older than 2) and brings 0 back.
        assert_eq!(p.before[4][0], Swap::Out { buf: 1 });
        assert!(matches!(p.before[4][1], Swap::In { buf: 0, .. }));
        assert_eq!((p.swaps_out, p.swaps_in), (2, 1));
        // Without swaps the same stream fails at the third alloc.
        let e = plan(&sizes, &ops, 8192, false).unwrap_err();
        assert_eq!(
            e,
            AllocError::Exceeds {
                op: 2,
                usage: 12288,
                size: 8192
            }
        );
    }

    #[test]
    fn programs_pin_until_their_wait() {
        let sizes = [4096, 4096, 4096];
        let start = OpEvent {
            uses: vec![0],
            pin_until: Some(4),
            ..Default::default()
        };
        let ops = [
            alloc(0),
            alloc(1),
            start,
            alloc(2),
            OpEvent::default(),
            free(0),
            free(1),
            free(2),
        ];
        let p = plan(&sizes, &ops, 8192, true).unwrap();
        // 0 is pinned by the running program: 1 goes out instead.
        assert_eq!(p.before[3], vec![Swap::Out { buf: 1 }]);
    }

    #[test]
    fn a_program_never_waited_for_pins_to_the_end() {
        // The start of a program never waited for pins its buffer past the
        // last op (`pin_until` = the number of ops), and the buffer has no
        // dealloc: later allocations swap out the others, under both
        // placements, and the held buffer never leaves LRAM.
        let sizes = [4096, 4096, 4096, 4096];
        let start = OpEvent {
            uses: vec![0],
            pin_until: Some(8),
            ..Default::default()
        };
        let ops = [
            alloc(0),
            start,
            alloc(1),
            alloc(2),
            uses(&[1]),
            alloc(3),
            uses(&[3]),
            uses(&[2]),
        ];
        for placement in [Placement::FirstFit, Placement::Offline] {
            let placer = Placer {
                placement,
                ..Placer::default()
            };
            let p = plan_with(&sizes, &ops, 8192, true, placer).unwrap();
            let out: Vec<BufId> = p
                .before
                .iter()
                .flatten()
                .filter_map(|s| match *s {
                    Swap::Out { buf } => Some(buf),
                    Swap::In { .. } => None,
                })
                .collect();
            assert!(
                !out.is_empty(),
                "{placement:?}: LRAM is short, something swaps"
            );
            assert!(
                !out.contains(&0),
                "{placement:?}: the held buffer went out: {out:?}"
            );
        }
    }

    #[test]
    fn reports_what_cannot_be_done() {
        let sizes = [6000, 6000];
        let ops = [alloc(0), uses(&[0]), alloc(1), uses(&[0, 1])];
        assert_eq!(
            plan(&sizes, &ops, 8192, true).unwrap_err(),
            AllocError::Exceeds {
                op: 3,
                usage: 12000,
                size: 8192
            }
        );
        let ops = [uses(&[0])];
        assert_eq!(
            plan(&sizes, &ops, 8192, true).unwrap_err(),
            AllocError::NotAllocated { op: 0, buf: 0 }
        );
    }
}
