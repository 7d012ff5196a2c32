//! A small deterministic generator (SplitMix64): the moves of the
//! improvement search and the iterated greedy, and the test generators'
//! streams. Seeded, so every run with the same seed draws the same numbers.

/// SplitMix64.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        // lo..=hi over all of u64 has no span that fits: any value is in it.
        let span = hi.saturating_sub(lo).checked_add(1);
        let r = self.next_u64();
        lo.saturating_add(span.map_or(r, |s| r.checked_rem(s).unwrap_or(0)))
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.range(1, 100) <= percent
    }
}
