//! Buffers as plain data: memory space, shape, element width, encoding, and
//! the byte sizes the DMA engine and the allocator see.
//!
//! **A buffer's byte size is rounded up to whole bytes once per buffer, never
//! per element**: `memref<3xi4>` holds 2 bytes, not 3.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemSpace {
    Xram,
    Lram,
    Dtcm,
    Itcm,
    Host,
}

impl MemSpace {
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "xram" => MemSpace::Xram,
            "lram" => MemSpace::Lram,
            "dtcm" => MemSpace::Dtcm,
            "itcm" => MemSpace::Itcm,
            "host" => MemSpace::Host,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            MemSpace::Xram => "xram",
            MemSpace::Lram => "lram",
            MemSpace::Dtcm => "dtcm",
            MemSpace::Itcm => "itcm",
            MemSpace::Host => "host",
        }
    }
}

impl fmt::Display for MemSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `#torq_hl<enc ...>` attribute: memory space, optional counts and
/// strides of the backing buffer, padding (extra elements at its end).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Encoding {
    pub counts: Vec<i64>,
    pub strides: Vec<i64>,
    /// Extra elements (not bytes) at the end of the backing buffer.
    pub padding: i64,
}

/// A statically shaped memref as the scheduler sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferType {
    pub space: MemSpace,
    pub shape: Vec<i64>,
    pub element_bits: u64,
    pub encoding: Encoding,
    /// Strides of the memref layout in elements (identity layout: row-major).
    pub layout_strides: Vec<i64>,
    /// Offset of the memref layout in elements (non-zero for subviews).
    pub layout_offset: i64,
}

/// ceil(elements * bits / 8): whole bytes, rounded once per buffer.
fn elements_to_bytes(elements: u64, bits: u64) -> Option<u64> {
    if bits % 8 == 0 {
        return elements.checked_mul(bits / 8);
    }
    Some(elements.checked_mul(bits)?.div_ceil(8))
}

/// Row-major strides of a shape.
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    let mut inner = 1i64;
    for (s, &d) in strides.iter_mut().zip(shape).rev() {
        *s = inner;
        inner = inner.saturating_mul(d);
    }
    strides
}

impl BufferType {
    /// The element count (saturating: only a display and a bound use it;
    /// sizes come from the checked functions below).
    pub fn num_elements(&self) -> u64 {
        self.shape.iter().fold(1u64, |n, &d| {
            n.saturating_mul(u64::try_from(d).unwrap_or(0))
        })
    }

    /// The strides that reach the elements in the backing buffer: the
    /// encoding's, else the layout's (row-major for an identity layout).
    fn encoded_strides(&self) -> &[i64] {
        if self.encoding.strides.is_empty() {
            &self.layout_strides
        } else {
            &self.encoding.strides
        }
    }

    /// Upstream's data size in bytes (what a non-unsafe transfer moves):
    /// 1 + sum((dim - 1) * stride) elements over the encoded strides, None
    /// when the arithmetic overflows.
    pub fn checked_data_bytes(&self) -> Option<u64> {
        if self.shape.contains(&0) {
            return Some(0);
        }
        let strides = self.encoded_strides();
        if strides.len() != self.shape.len() {
            return None;
        }
        let mut elements: i64 = 1;
        for (d, s) in self.shape.iter().zip(strides) {
            elements = elements.checked_add(d.checked_sub(1)?.checked_mul(*s)?)?;
        }
        elements_to_bytes(u64::try_from(elements).ok()?, self.element_bits)
    }

    /// Upstream's encoded total size in bytes (what the allocator reserves),
    /// in elements first: rank 0: 1 + padding; with encoding strides:
    /// strides[0] * shape[0] + padding; else s0 * shape[0] + padding -
    /// (offset mod s0) over the layout (for an identity layout that is the
    /// element count + padding); then ceil(elements * bits / 8). None when
    /// the arithmetic overflows or the size is negative.
    pub fn checked_encoded_bytes(&self) -> Option<u64> {
        let padding = self.encoding.padding;
        let elements = if self.shape.is_empty() {
            1i64.checked_add(padding)?
        } else if let Some(&s0) = self.encoding.strides.first() {
            s0.checked_mul(self.shape[0])?.checked_add(padding)?
        } else {
            let s0 = *self.layout_strides.first()?;
            let misalign = if s0 > 0 {
                self.layout_offset.rem_euclid(s0)
            } else {
                0
            };
            s0.checked_mul(self.shape[0])?
                .checked_add(padding)?
                .checked_sub(misalign)?
        };
        elements_to_bytes(u64::try_from(elements).ok()?, self.element_bits)
    }

    /// Bytes of data (see `checked_data_bytes`); `ir::buffer_type` rejects
    /// types whose sizes overflow, so this saturates only for hand-made types.
    pub fn data_bytes(&self) -> u64 {
        self.checked_data_bytes().unwrap_or(u64::MAX)
    }

    /// Bytes the allocator reserves (see `checked_encoded_bytes`).
    pub fn encoded_bytes(&self) -> u64 {
        self.checked_encoded_bytes().unwrap_or(u64::MAX)
    }

    /// The byte range `[start, end)` of the underlying allocation this view
    /// touches, from its layout offset and strides (a conservative hull); in
    /// checked arithmetic: a hull that overflows is the whole buffer's
    /// address space `[0, u64::MAX)`, never a wrapped range.
    pub fn byte_range(&self) -> (u64, u64) {
        if self.shape.contains(&0) {
            return (0, 0);
        }
        self.checked_byte_range().unwrap_or((0, u64::MAX))
    }

    fn checked_byte_range(&self) -> Option<(u64, u64)> {
        let first = u64::try_from(self.layout_offset.max(0)).ok()?;
        let mut last: i64 = self.layout_offset;
        for (d, s) in self.shape.iter().zip(&self.layout_strides) {
            last = last.checked_add(d.checked_sub(1)?.checked_mul(*s)?)?;
        }
        let start = first.checked_mul(self.element_bits)? / 8;
        let end = elements_to_bytes(
            u64::try_from(last.max(0)).ok()?.checked_add(1)?,
            self.element_bits,
        )?;
        Some((start, end.max(start)))
    }

    /// `AxB` for slice_meminfo (empty for rank 0, as upstream joins it).
    pub fn shape_text(&self) -> String {
        self.shape
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("x")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(shape: &[i64], bits: u64, enc: Encoding) -> BufferType {
        BufferType {
            space: MemSpace::Lram,
            shape: shape.to_vec(),
            element_bits: bits,
            encoding: enc,
            layout_strides: row_major_strides(shape),
            layout_offset: 0,
        }
    }

    #[test]
    fn sub_byte_sizes_round_once_per_buffer() {
        assert_eq!(buf(&[3], 4, Encoding::default()).data_bytes(), 2);
        assert_eq!(buf(&[7, 3], 1, Encoding::default()).data_bytes(), 3);
        assert_eq!(buf(&[128, 64], 4, Encoding::default()).data_bytes(), 4096);
        assert_eq!(buf(&[1, 128], 16, Encoding::default()).data_bytes(), 256);
    }

    #[test]
    fn encoded_size_follows_upstream() {
        let enc = Encoding {
            counts: vec![4, 10],
            strides: vec![16, 1],
            padding: 8,
        };
        // upstream-ir.md: strides[0] x shape[0] + padding = 16 x 4 + 8 elements.
        let b = buf(&[4, 10], 8, enc);
        assert_eq!(b.encoded_bytes(), 72);
        // Data: 1 + 3*16 + 9*1 = 58 elements.
        assert_eq!(b.data_bytes(), 58);
        let strided = Encoding {
            counts: vec![1, 128],
            strides: vec![256, 1],
            padding: 0,
        };
        assert_eq!(buf(&[1, 128], 16, strided).encoded_bytes(), 512);
        // Padding counts elements: 64 x i16 + 16 x i16.
        let padded = Encoding {
            padding: 16,
            ..Default::default()
        };
        assert_eq!(buf(&[64], 16, padded).encoded_bytes(), 160);
        // Rank 0: 1 + padding elements.
        assert_eq!(buf(&[], 32, Encoding::default()).encoded_bytes(), 4);
        assert_eq!(buf(&[], 32, Encoding::default()).data_bytes(), 4);
        // A strided view: s0 x shape[0] + padding - (offset mod s0).
        let mut view = buf(&[2, 4], 8, Encoding::default());
        view.layout_strides = vec![16, 1];
        view.layout_offset = 36;
        assert_eq!(view.encoded_bytes(), 32 - 4);
    }

    #[test]
    fn sizes_that_overflow_are_none() {
        let huge = buf(&[1 << 61, 2], 64, Encoding::default());
        assert_eq!(huge.checked_encoded_bytes(), None);
        assert_eq!(huge.checked_data_bytes(), None);
    }

    #[test]
    fn byte_range_of_a_view() {
        let mut b = buf(&[2, 4], 8, Encoding::default());
        b.layout_strides = vec![16, 1];
        b.layout_offset = 32;
        assert_eq!(b.byte_range(), (32, 52));
    }
}
