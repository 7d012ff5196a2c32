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
/// strides (elements, row-major), padding (extra bytes at the end).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Encoding {
    pub counts: Vec<i64>,
    pub strides: Vec<i64>,
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

fn bits_to_bytes(elements: u64, bits: u64) -> u64 {
    (elements * bits).div_ceil(8)
}

/// Row-major strides of a shape.
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    strides
}

impl BufferType {
    pub fn num_elements(&self) -> u64 {
        self.shape.iter().map(|&d| d.max(0) as u64).product()
    }

    /// Bytes of data: ceil(elements * bits / 8).
    pub fn data_bytes(&self) -> u64 {
        bits_to_bytes(self.num_elements(), self.element_bits)
    }

    /// Bytes the allocator reserves: the encoded span plus padding.
    pub fn encoded_bytes(&self) -> u64 {
        let enc = &self.encoding;
        if enc.counts.is_empty() && enc.strides.is_empty() {
            return self.data_bytes() + enc.padding.max(0) as u64;
        }
        let counts = if enc.counts.is_empty() {
            &self.shape
        } else {
            &enc.counts
        };
        let strides = if enc.strides.is_empty() {
            row_major_strides(counts)
        } else {
            enc.strides.clone()
        };
        let span: i64 = 1 + counts
            .iter()
            .zip(&strides)
            .map(|(c, s)| (c - 1) * s)
            .sum::<i64>();
        let elements = (span.max(0) as u64).max(self.num_elements());
        bits_to_bytes(elements, self.element_bits) + enc.padding.max(0) as u64
    }

    /// The byte range `[start, end)` of the underlying allocation this view
    /// touches, from its layout offset and strides (a conservative hull).
    pub fn byte_range(&self) -> (u64, u64) {
        if self.shape.contains(&0) {
            return (0, 0);
        }
        let first = self.layout_offset.max(0) as u64;
        let last: i64 = self.layout_offset
            + self
                .shape
                .iter()
                .zip(&self.layout_strides)
                .map(|(d, s)| (d - 1) * s)
                .sum::<i64>();
        let start = first * self.element_bits / 8;
        let end = bits_to_bytes(last.max(0) as u64 + 1, self.element_bits);
        (start, end.max(start))
    }

    /// `AxB` for slice_meminfo.
    pub fn shape_text(&self) -> String {
        if self.shape.is_empty() {
            return "1".into();
        }
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
    fn encoded_size_includes_strides_and_padding() {
        let enc = Encoding {
            counts: vec![4, 10],
            strides: vec![16, 1],
            padding: 8,
        };
        // span = 1 + 3*16 + 9 = 58 elements of i8, plus 8 bytes.
        assert_eq!(buf(&[4, 10], 8, enc).encoded_bytes(), 66);
        let dense = Encoding {
            counts: vec![1, 128],
            strides: vec![128, 1],
            padding: 0,
        };
        assert_eq!(buf(&[1, 128], 16, dense).encoded_bytes(), 256);
    }

    #[test]
    fn byte_range_of_a_view() {
        let mut b = buf(&[2, 4], 8, Encoding::default());
        b.layout_strides = vec![16, 1];
        b.layout_offset = 32;
        assert_eq!(b.byte_range(), (32, 52));
    }
}
