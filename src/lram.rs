//! LramAddressSpace: real offsets in a space of `cap` bytes with the real
//! allocator's policy (upstream-ir.md §4), shared by the list scheduler and
//! the allocator.
//!
//! Sizes round up to 8-byte words. Buffers under 8 KiB take the lowest free
//! range that fits (bottom-up); buffers of 8 KiB or more take the highest
//! (top-down), so small buffers do not fragment the space the large ones
//! need. The free list is a map offset -> size of maximal free ranges:
//! allocation scans it (O(free ranges)), freeing merges neighbours
//! (O(log n)).

use std::collections::BTreeMap;

pub const WORD: u64 = 8;
pub const LARGE_BUFFER: u64 = 8 * 1024;

/// Where the allocator puts buffers (option `torq-placement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// Online, in program order, by [`LramAddressSpace`]'s policy:
    /// upstream's allocator, byte for byte.
    FirstFit,
    /// The whole order at once: a packing of time x address
    /// (`alloc::offline`).
    Offline,
}

impl Placement {
    pub fn parse(text: &str) -> Option<Placement> {
        match text {
            "first-fit" => Some(Placement::FirstFit),
            "offline" => Some(Placement::Offline),
            _ => None,
        }
    }
}

/// The allocator the pipeline commits with: its policy and, for `offline`,
/// the search nodes each packing may spend (option `torq-placement-nodes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Placer {
    pub placement: Placement,
    pub nodes: u64,
}

impl Default for Placer {
    /// The options' defaults (passes/TorqOptions.def).
    fn default() -> Self {
        use crate::option_table::defaults as d;
        Placer {
            placement: Placement::parse(d::TORQ_PLACEMENT).unwrap_or(Placement::Offline),
            nodes: d::TORQ_PLACEMENT_NODES as u64,
        }
    }
}

impl Placer {
    pub fn first_fit() -> Self {
        Placer {
            placement: Placement::FirstFit,
            ..Placer::default()
        }
    }
}

pub fn round_to_word(bytes: u64) -> u64 {
    bytes.div_ceil(WORD).saturating_mul(WORD)
}

#[derive(Clone, Debug)]
pub struct LramAddressSpace {
    cap: u64,
    /// Free ranges: offset -> size, maximal (no two adjacent).
    free: BTreeMap<u64, u64>,
    /// Allocated ranges: offset -> size.
    used: BTreeMap<u64, u64>,
    used_bytes: u64,
    /// Bytes alone decide (`bytes_only`): the offsets are keys, not places.
    bytes_only: bool,
}

impl LramAddressSpace {
    /// A space of `cap` bytes (rounded down to words), all free.
    pub fn new(cap: u64) -> Self {
        let cap = (cap / WORD).saturating_mul(WORD);
        let mut free = BTreeMap::new();
        if cap > 0 {
            free.insert(0, cap);
        }
        LramAddressSpace {
            cap,
            free,
            used: BTreeMap::new(),
            used_bytes: 0,
            bytes_only: false,
        }
    }

    /// A space of `cap` bytes where a request fits when the bytes in use
    /// leave room for it, wherever the holes are: the list scheduler's model
    /// under offline placement, which packs the whole order afterwards (and
    /// the pricing checks that it does). Offsets are distinct keys.
    pub fn bytes_only(cap: u64) -> Self {
        LramAddressSpace {
            bytes_only: true,
            ..Self::new(cap)
        }
    }

    pub fn cap(&self) -> u64 {
        self.cap
    }

    pub fn used_bytes(&self) -> u64 {
        self.used_bytes
    }

    /// Where `bytes` would go, without taking it.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "every used and free range lies within the capacity (at most 2^62 bytes, a word multiple), and a free range taken is at least size long, so o + s - size is its last fit"
    )]
    pub fn find(&self, bytes: u64) -> Option<u64> {
        let size = round_to_word(bytes.max(1));
        if self.bytes_only {
            let key = self.used.last_key_value().map_or(0, |(&k, _)| k + WORD);
            return (self.used_bytes + size <= self.cap).then_some(key);
        }
        if size < LARGE_BUFFER {
            self.free.iter().find(|(_, &s)| s >= size).map(|(&o, _)| o)
        } else {
            self.free
                .iter()
                .rev()
                .find(|(_, &s)| s >= size)
                .map(|(&o, &s)| o + s - size)
        }
    }

    /// Takes `bytes` by the policy; returns the offset.
    pub fn alloc(&mut self, bytes: u64) -> Option<u64> {
        let offset = self.find(bytes)?;
        self.take(offset, round_to_word(bytes.max(1)));
        Some(offset)
    }

    /// Takes exactly `[offset, offset + size)`, which must be free.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "offset..offset + size lies inside the free range fo..fo + fs that find returned (the debug assertion), all within the capacity (at most 2^62): the sums cannot overflow and each difference is of ordered ends"
    )]
    fn take(&mut self, offset: u64, size: u64) {
        if self.bytes_only {
            self.used.insert(offset, size);
            self.used_bytes += size;
            return;
        }
        let (&fo, &fs) = self
            .free
            .range(..=offset)
            .next_back()
            .expect("offset in a free range");
        debug_assert!(fo <= offset && offset + size <= fo + fs);
        self.free.remove(&fo);
        if offset > fo {
            self.free.insert(fo, offset - fo);
        }
        if offset + size < fo + fs {
            self.free.insert(offset + size, fo + fs - offset - size);
        }
        self.used.insert(offset, size);
        self.used_bytes += size;
    }

    /// Releases the allocation at `offset`; returns its size.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "the freed range and the free ranges beside it are disjoint parts of the capacity (at most 2^62): their ends add without overflow, end >= start, and used_bytes holds the range freed"
    )]
    pub fn free(&mut self, offset: u64) -> Option<u64> {
        let size = self.used.remove(&offset)?;
        self.used_bytes -= size;
        if self.bytes_only {
            return Some(size);
        }
        let mut start = offset;
        let mut end = offset + size;
        if let Some((&po, &ps)) = self.free.range(..offset).next_back() {
            if po + ps == offset {
                self.free.remove(&po);
                start = po;
            }
        }
        if let Some(&ns) = self.free.get(&end) {
            self.free.remove(&end);
            end += ns;
        }
        self.free.insert(start, end - start);
        Some(size)
    }

    /// The largest free range.
    pub fn largest_free(&self) -> u64 {
        if self.bytes_only {
            return self.cap.saturating_sub(self.used_bytes);
        }
        self.free.values().copied().max().unwrap_or(0)
    }

    /// Allocations as (offset, size), ascending.
    pub fn allocations(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.used.iter().map(|(&o, &s)| (o, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_bottom_up_large_top_down() {
        let mut s = LramAddressSpace::new(523_008);
        assert_eq!(s.alloc(100), Some(0)); // 104 bytes
        assert_eq!(s.alloc(8), Some(104));
        assert_eq!(s.alloc(65536), Some(523_008 - 65536));
        assert_eq!(s.alloc(8192), Some(523_008 - 65536 - 8192));
        assert_eq!(s.used_bytes(), 104 + 8 + 65536 + 8192);
    }

    #[test]
    fn free_merges_and_first_fit_reuses_holes() {
        let mut s = LramAddressSpace::new(1024);
        let a = s.alloc(64).unwrap();
        let b = s.alloc(64).unwrap();
        let c = s.alloc(64).unwrap();
        assert_eq!((a, b, c), (0, 64, 128));
        s.free(b);
        assert_eq!(s.alloc(32), Some(64));
        assert_eq!(s.alloc(64), Some(192));
        s.free(a);
        s.free(64);
        s.free(c);
        s.free(192);
        assert_eq!(s.largest_free(), 1024);
        assert_eq!(s.used_bytes(), 0);
    }

    #[test]
    fn bytes_only_ignores_holes() {
        let mut s = LramAddressSpace::bytes_only(96);
        let a = s.alloc(32).unwrap();
        let _b = s.alloc(32).unwrap();
        s.free(a);
        assert_eq!(s.alloc(48).map(|_| ()), Some(()));
        assert_eq!(s.alloc(24), None);
        assert_eq!(s.largest_free(), 96 - 32 - 48);
    }

    #[test]
    fn fragmentation_is_real() {
        let mut s = LramAddressSpace::new(96);
        let a = s.alloc(32).unwrap();
        let _b = s.alloc(32).unwrap();
        s.free(a);
        // 64 bytes free in all, but not in one piece.
        assert_eq!(s.cap() - s.used_bytes(), 64);
        assert_eq!(s.alloc(48), None);
    }
}
