//! Random streams shaped like lowered Torq blocks, for property tests,
//! benchmarks and the corpus generator. Deterministic per seed (splitmix64).
//!
//! The input order is what lowering emits: for each program, the loads of
//! its weights, its start and wait, then stores of some outputs; outputs of
//! earlier programs are read by later ones; an occasional host barrier.

#![allow(
    clippy::arithmetic_side_effects,
    reason = "a generator of test inputs (testkit), not the product path: its sizes are small constants"
)]

use super::build::StreamBuilder;
use super::stream::{BufferId, Stream};

pub use crate::rng::Rng;

#[derive(Clone, Copy, Debug)]
pub struct GenParams {
    pub programs: usize,
    pub slices: u32,
    /// Largest weight or output buffer, in bytes.
    pub max_buffer: u64,
    /// Weights per program: 0..=max_weights.
    pub max_weights: u64,
    /// Percent of programs followed by a host barrier.
    pub barrier_percent: u64,
    /// Percent of programs followed by a slice start without a wait, which
    /// holds a slice no later program uses.
    pub held_percent: u64,
}

impl GenParams {
    pub fn small(programs: usize) -> Self {
        GenParams {
            programs,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 3,
            held_percent: 0,
        }
    }
}

pub fn random_stream(seed: u64, p: GenParams) -> Stream {
    random_stream_in_flight(seed, p, 0)
}

/// `random_stream`, where `in_flight_percent` of the programs stay in
/// flight across the next program's loads (and start, on another slice):
/// the wait, and the store of the output, come just before the next
/// program's start, or before the next start on the same slice, a barrier
/// or the end. The same stream as `random_stream` at 0.
pub fn random_stream_in_flight(seed: u64, p: GenParams, in_flight_percent: u64) -> Stream {
    let mut rng = Rng::new(seed);
    let mut b = StreamBuilder::new(p.slices);
    let mut outputs: Vec<BufferId> = Vec::new();
    let mut held = vec![false; p.slices as usize];
    let mut pending: Option<InFlight> = None;
    for i in 0..p.programs {
        let free: Vec<u32> = (0..p.slices).filter(|&s| !held[s as usize]).collect();
        if free.is_empty() {
            break;
        }
        let mut reads = Vec::new();
        for w in 0..rng.range(0, p.max_weights) {
            let bytes = rng.range(64, p.max_buffer);
            let x = b.xram(&format!("w{i}_{w}"), bytes);
            let l = b.lram(&format!("l{i}_{w}"), bytes);
            b.load(&format!("L{i}_{w}"), bytes.div_ceil(5).max(1), x, l);
            reads.push(l);
        }
        // Read one or two recent outputs.
        for _ in 0..rng.range(0, 2) {
            if !outputs.is_empty() {
                let back = rng.range(0, (outputs.len() as u64 - 1).min(3)) as usize;
                let o = outputs[outputs.len() - 1 - back];
                if !reads.contains(&o) {
                    reads.push(o);
                }
            }
        }
        let out_bytes = rng.range(64, p.max_buffer / 2);
        let o = b.lram(&format!("o{i}"), out_bytes);
        let compute = rng.range(10, 4000);
        let slice = if free.len() == p.slices as usize {
            rng.range(0, p.slices as u64 - 1) as u32
        } else {
            free[rng.range(0, free.len() as u64 - 1) as usize]
        };
        // A program still in flight waits before this start when this
        // start reads its output or runs on its slice, else just after it.
        let mut early = None;
        if let Some((_, qs, qo, _)) = pending {
            if qs == slice || reads.contains(&qo) {
                early = pending.take();
            }
        }
        if let Some(w) = early {
            finish(&mut b, w);
        }
        let prog = b.start(&format!("P{i}"), compute, &reads, &[o], slice);
        if let Some(w) = pending.take() {
            finish(&mut b, w);
        }
        outputs.push(o);
        let store = rng
            .chance(30)
            .then(|| (b.xram(&format!("y{i}"), out_bytes), out_bytes, i));
        if in_flight_percent > 0 && rng.chance(in_flight_percent) {
            pending = Some((prog, slice, o, store));
        } else {
            finish(&mut b, (prog, slice, o, store));
        }
        if rng.chance(p.barrier_percent) {
            if let Some(w) = pending.take() {
                finish(&mut b, w);
            }
            b.barrier(&format!("host{i}"), rng.range(0, 50));
        }
        if p.held_percent > 0 && free.len() > 1 && rng.chance(p.held_percent) {
            let s = free[rng.range(0, free.len() as u64 - 1) as usize];
            if pending.is_some_and(|(_, qs, _, _)| qs == s) {
                if let Some(w) = pending.take() {
                    finish(&mut b, w);
                }
            }
            held[s as usize] = true;
            // What it takes, from its own generator (the rest of the
            // stream is the same whatever it takes): nothing, an earlier
            // output it reads, a new LRAM buffer it writes, or both.
            let mut hr = Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut hreads = Vec::new();
            let mut hwrites = Vec::new();
            let take = hr.range(0, 3);
            let running = pending.map(|(_, _, qo, _)| qo);
            if take & 1 == 1 {
                if let Some(&o) = outputs.iter().rev().find(|&&o| Some(o) != running) {
                    hreads.push(o);
                }
            }
            if take & 2 == 2 {
                hwrites.push(b.lram(&format!("h{i}"), hr.range(64, p.max_buffer / 2)));
            }
            b.held_start_with(&format!("held{i}"), s, &hreads, &hwrites);
        }
    }
    if let Some(w) = pending.take() {
        finish(&mut b, w);
    }
    b.barrier("return", 0);
    b.build()
}

/// A program in flight: (program, slice, output, its store: (XRAM buffer,
/// bytes, index)).
type InFlight = (usize, u32, BufferId, Option<(BufferId, u64, usize)>);

/// The wait of a program in flight, then the store of its output.
fn finish(b: &mut StreamBuilder, (prog, _, o, store): InFlight) {
    b.wait(prog);
    if let Some((x, bytes, i)) = store {
        b.store(&format!("S{i}"), bytes.div_ceil(5).max(1), o, x);
    }
}

/// `count` random functions over small and large LRAM, as the prefetch
/// property test and the oracle's budget example use them: (LRAM in KiB,
/// stream), the LRAM 16, 64 and 512 KiB in turn with buffers scaled to it,
/// two slices, some barriers and held slices; the same list for the same
/// `seed`.
pub fn mixed_lram_streams(seed: u64, count: usize) -> Vec<(u64, Stream)> {
    mixed_lram_streams_in_flight(seed, count, 0)
}

/// `mixed_lram_streams` with programs in flight across transfers
/// (`random_stream_in_flight`).
pub fn mixed_lram_streams_in_flight(
    seed: u64,
    count: usize,
    in_flight_percent: u64,
) -> Vec<(u64, Stream)> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|case| {
            let (lram_kb, max_buffer) = [(16, 6000), (64, 24_000), (512, 100_000)][case % 3];
            let g = GenParams {
                programs: rng.range(2, 14) as usize,
                slices: 2,
                max_buffer,
                max_weights: rng.range(1, 3),
                barrier_percent: 5,
                held_percent: 10,
            };
            (
                lram_kb,
                random_stream_in_flight(rng.next_u64(), g, in_flight_percent),
            )
        })
        .collect()
}
