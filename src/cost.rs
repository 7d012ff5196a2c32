//! The cost model of the NSS stream, in plain numbers (upstream-ir.md §5, §6).
//!
//! Everything here is a pure function of sizes, NDL shapes and the hardware
//! description, so it is shared by the annotation pass (which writes the
//! numbers into the IR) and by tests and benchmarks that need no MLIR.

use std::fmt;

/// A hardware target: `SL2610` or `hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Hw {
    pub id: String,
    pub lram_bytes: u64,
    pub slices: u32,
    pub css: String,
    pub nss: String,
    /// Theoretical DMA throughput in bytes per cycle.
    pub dma_tp: f64,
    /// Fraction of the theoretical throughput reached in practice.
    pub dma_factor: f64,
    /// log2 of the DMA MTU of XRAM -> LRAM loads and of LRAM -> XRAM stores
    /// (options `torq-dma-in-mtu`, `torq-dma-out-mtu`; not part of `--torq-hw`).
    pub in_mtu: u32,
    pub out_mtu: u32,
    /// The LRAM allocator the pipeline commits with (options `torq-placement`,
    /// `torq-placement-nodes`; not part of `--torq-hw`): every price after
    /// allocation uses it, so an order that prices is an order that places.
    pub placer: crate::lram::Placer,
}

/// The direction of an XRAM <-> LRAM DMA transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// XRAM -> LRAM (a load, a swap-in): at `in_mtu`.
    In,
    /// LRAM -> XRAM (a store, a swap-out): at `out_mtu`.
    Out,
}

/// Bytes at the bottom of LRAM reserved for the two 640-byte NSS program slots.
pub const LRAM_RESERVED_BYTES: u64 = 2 * 640;
/// Fixed cost of a CSS program, in cycles.
pub const CSS_PROGRAM_CYCLES: u64 = 8000;

impl Hw {
    pub fn sl2610() -> Self {
        Hw {
            id: "SL2610".into(),
            lram_bytes: 512 * 1024,
            slices: 2,
            css: "coral_v1".into(),
            nss: "nss_v1".into(),
            dma_tp: 8.0,
            dma_factor: 0.65,
            in_mtu: crate::option_table::defaults::TORQ_DMA_IN_MTU as u32,
            out_mtu: crate::option_table::defaults::TORQ_DMA_OUT_MTU as u32,
            placer: crate::lram::Placer::default(),
        }
    }

    /// Parses the `--torq-hw` form: `SL2610`, or
    /// `hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]` with lram_kb in
    /// 1..=4194304 (4 GiB), slices in 1..=64, css `coral_vN`, nss `nss_vN`,
    /// and a DMA rate dma_tp x dma_factor of at least 1e-6 B/cycle. No field
    /// may carry spaces.
    pub fn parse(text: &str) -> Result<Self, HwError> {
        if text == "SL2610" {
            return Ok(Self::sl2610());
        }
        let bad = |why: &str| HwError {
            text: text.into(),
            why: why.into(),
        };
        let fields: Vec<&str> = text.split(':').collect();
        if !(5..=7).contains(&fields.len()) {
            return Err(bad("5 to 7 fields separated by ':'"));
        }
        if fields
            .iter()
            .any(|f| f.is_empty() || f.chars().any(char::is_whitespace))
        {
            return Err(bad("no empty field and no spaces"));
        }
        let num = |s: &str, what: &str, range: std::ops::RangeInclusive<u64>| match s.parse::<u64>()
        {
            Ok(v) if range.contains(&v) => Ok(v),
            _ => Err(bad(&format!(
                "{what} in {}..={}",
                range.start(),
                range.end()
            ))),
        };
        let real = |s: &str, what: &str| match s.parse::<f64>() {
            Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
            _ => Err(bad(&format!("{what} a positive finite number"))),
        };
        let family = |s: &str, prefix: &str| {
            s.strip_prefix(prefix)
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        };
        let lram_kb = num(fields[1], "lram_kb", 1..=4 * 1024 * 1024)?;
        let slices = num(fields[2], "slices", 1..=64)?;
        if !family(fields[3], "coral_v") {
            return Err(bad("css named coral_vN"));
        }
        if !family(fields[4], "nss_v") {
            return Err(bad("nss named nss_vN"));
        }
        let base = Self::sl2610();
        let dma_tp = fields
            .get(5)
            .map_or(Ok(base.dma_tp), |s| real(s, "dma_tp"))?;
        let dma_factor = fields
            .get(6)
            .map_or(Ok(base.dma_factor), |s| real(s, "dma_factor"))?;
        if dma_tp * dma_factor < 1e-6 {
            return Err(bad("dma_tp x dma_factor of at least 1e-6 bytes per cycle"));
        }
        Ok(Hw {
            id: fields[0].into(),
            lram_bytes: lram_kb
                .checked_mul(1024)
                .ok_or_else(|| bad("an LRAM size in KB whose bytes fit in 64 bits"))?,
            slices: slices as u32,
            css: fields[3].into(),
            nss: fields[4].into(),
            dma_tp,
            dma_factor,
            in_mtu: base.in_mtu,
            out_mtu: base.out_mtu,
            placer: base.placer,
        })
    }

    /// The same hardware with other DMA MTU exponents.
    pub fn with_mtus(mut self, in_mtu: u32, out_mtu: u32) -> Self {
        self.in_mtu = in_mtu;
        self.out_mtu = out_mtu;
        self
    }

    /// The same hardware allocated by `placer`.
    pub fn with_placer(mut self, placer: crate::lram::Placer) -> Self {
        self.placer = placer;
        self
    }

    /// LRAM the allocator may hand out: all of it but the NSS program slots.
    pub fn usable_lram_bytes(&self) -> u64 {
        self.lram_bytes.saturating_sub(LRAM_RESERVED_BYTES)
    }

    /// Effective DMA throughput in bytes per cycle for a given MTU exponent,
    /// computed in the order upstream does: (tp * factor) * (2^mtu / (2^mtu + 1.5)).
    pub fn dma_bytes_per_cycle(&self, mtu: u32) -> f64 {
        let mtu_size = 2f64.powi(mtu as i32);
        (self.dma_tp * self.dma_factor) * (mtu_size / (mtu_size + 1.5))
    }

    /// Cycles of an XRAM <-> LRAM DMA transfer of `bytes` in direction
    /// `dir`: **the one transfer cost** of the annotation, the stream
    /// translation (transfers without annotation), the pricing of swaps and
    /// the swaps the allocator writes.
    pub fn transfer_cycles(&self, bytes: u64, dir: Direction) -> u64 {
        let mtu = match dir {
            Direction::In => self.in_mtu,
            Direction::Out => self.out_mtu,
        };
        self.dma_cycles(bytes, mtu)
    }

    /// Cycles of the allocator's swap of a buffer of `bytes`: out to XRAM
    /// and back in (every swap-in follows a swap-out of the buffer).
    pub fn swap_cycles(&self, bytes: u64) -> u64 {
        self.transfer_cycles(bytes, Direction::Out)
            .saturating_add(self.transfer_cycles(bytes, Direction::In))
    }

    /// Cycles of an XRAM <-> LRAM DMA transfer of `bytes` at MTU exponent `mtu`.
    pub fn dma_cycles(&self, bytes: u64, mtu: u32) -> u64 {
        let tp = self.dma_bytes_per_cycle(mtu);
        if tp <= 0.0 {
            return 0;
        }
        (bytes as f64 / tp).ceil() as u64
    }

    /// Cycles of an LRAM <-> DTCM/ITCM copy (CDMA) of `bytes`. Upstream passes an
    /// element count here; this project counts bytes.
    pub fn cdma_cycles(&self, bytes: u64) -> u64 {
        let f = if self.css == "coral_v1" || self.nss == "nss_v1" {
            0.36
        } else {
            0.8
        };
        ((bytes as f64 / (16.0 * f)).ceil() as u64).max(1)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HwError {
    pub text: String,
    /// What the description needs and lacks.
    pub why: String,
}

impl fmt::Display for HwError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid hardware description '{}': expected SL2610 or \
             hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]] with {}",
            self.text, self.why
        )
    }
}

impl std::error::Error for HwError {}

/// The types of NDL, in the order of the dialect's enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NdlType {
    Ref,
    Dedr,
    Dewr,
    Debr,
    Deqw,
    Cedw,
    Cedr,
    Ceww,
    Cewr,
    Cepw,
    Cepr,
    Acbw,
    Acbr,
    Acpw,
    Acpr,
    Aldw,
}

impl NdlType {
    pub const ALL: [NdlType; 16] = [
        NdlType::Ref,
        NdlType::Dedr,
        NdlType::Dewr,
        NdlType::Debr,
        NdlType::Deqw,
        NdlType::Cedw,
        NdlType::Cedr,
        NdlType::Ceww,
        NdlType::Cewr,
        NdlType::Cepw,
        NdlType::Cepr,
        NdlType::Acbw,
        NdlType::Acbr,
        NdlType::Acpw,
        NdlType::Acpr,
        NdlType::Aldw,
    ];

    pub fn name(self) -> &'static str {
        match self {
            NdlType::Ref => "ref",
            NdlType::Dedr => "dedr",
            NdlType::Dewr => "dewr",
            NdlType::Debr => "debr",
            NdlType::Deqw => "deqw",
            NdlType::Cedw => "cedw",
            NdlType::Cedr => "cedr",
            NdlType::Ceww => "ceww",
            NdlType::Cewr => "cewr",
            NdlType::Cepw => "cepw",
            NdlType::Cepr => "cepr",
            NdlType::Acbw => "acbw",
            NdlType::Acbr => "acbr",
            NdlType::Acpw => "acpw",
            NdlType::Acpr => "acpr",
            NdlType::Aldw => "aldw",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name))
    }
}

/// One dimension of an NDL: kind L, H or S, a tag letter and a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NdlDim {
    pub kind: char,
    pub tag: char,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ndl {
    pub ty: NdlType,
    pub dims: Vec<NdlDim>,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        // b != 0 here: the remainder exists.
        (a, b) = (b, a.checked_rem(b).unwrap_or(0));
    }
    a
}

impl Ndl {
    /// Cycles of one NDL: the product of its H counts; for a memory NDL with S
    /// dimensions tagged B or X, corrected for the L/S ratio (upstream-ir.md §5).
    pub fn cycles(&self, is_mem: bool) -> u64 {
        let prod = |pred: &dyn Fn(&NdlDim) -> bool| {
            self.dims
                .iter()
                .filter(|d| pred(d))
                .fold(1u64, |p, d| p.saturating_mul(d.count))
        };
        let mut cycles = prod(&|d| d.kind == 'H');
        let has_sx = self
            .dims
            .iter()
            .any(|d| d.kind == 'S' && (d.tag == 'B' || d.tag == 'X'));
        if is_mem && has_sx {
            let l = prod(&|d| d.kind == 'L');
            let x = prod(&|d| d.kind == 'S' && (d.tag == 'B' || d.tag == 'X'));
            // Saturating: a count this large is refused where it enters
            // the stream (sched::stream::MAX_CYCLES), never wrapped.
            if x == 0 || l == 0 {
                // An empty loop or stride: no extra steps.
            } else if x < l {
                cycles = cycles.saturating_mul(l.div_ceil(x));
            } else {
                let g = gcd(l, x).max(1);
                let per = cycles.saturating_mul(g).checked_div(x).unwrap_or(0);
                let steps = l.saturating_sub(1).checked_div(g).unwrap_or(0);
                cycles = cycles.saturating_add(per.saturating_mul(steps));
            }
        }
        cycles
    }
}

/// The twelve per-type cycle counts of a slice task, in printed order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NdlCycles {
    pub dedr: u64,
    pub dewr: u64,
    pub debr: u64,
    pub deqw: u64,
    pub cedw: u64,
    pub cedr: u64,
    pub ceww: u64,
    pub cewr: u64,
    pub cepr: u64,
    pub acbw: u64,
    pub acbr: u64,
    pub acpr: u64,
}

impl NdlCycles {
    /// As upstream's AnnotateDmaAndSliceCycles: the four DE* counts come
    /// from the memory NDLs only (NDLs of one type add up), the eight CE*/AC*
    /// counts from the register NDLs only (of one type, the last one counts).
    /// REF, CEPW, ACPW and ALDW are not among the twelve.
    pub fn of_task(mem_ndls: &[Ndl], reg_ndls: &[Ndl]) -> Self {
        let mut mem = [0u64; NdlType::ALL.len()];
        let mut reg = [0u64; NdlType::ALL.len()];
        for n in mem_ndls {
            mem[n.ty as usize] = mem[n.ty as usize].saturating_add(n.cycles(true));
        }
        for n in reg_ndls {
            reg[n.ty as usize] = n.cycles(false);
        }
        let m = |t: NdlType| mem[t as usize];
        let r = |t: NdlType| reg[t as usize];
        NdlCycles {
            dedr: m(NdlType::Dedr),
            dewr: m(NdlType::Dewr),
            debr: m(NdlType::Debr),
            deqw: m(NdlType::Deqw),
            cedw: r(NdlType::Cedw),
            cedr: r(NdlType::Cedr),
            ceww: r(NdlType::Ceww),
            cewr: r(NdlType::Cewr),
            cepr: r(NdlType::Cepr),
            acbw: r(NdlType::Acbw),
            acbr: r(NdlType::Acbr),
            acpr: r(NdlType::Acpr),
        }
    }

    /// d = max(dedr, cedw, cedr); w = max(dewr, ceww, cewr); b = max(debr, acbw,
    /// acbr); q = max(deqw, acpr); p = cepr; the slowest of them.
    pub fn max_cycle(&self) -> u64 {
        let d = self.dedr.max(self.cedw).max(self.cedr);
        let w = self.dewr.max(self.ceww).max(self.cewr);
        let b = self.debr.max(self.acbw).max(self.acbr);
        let q = self.deqw.max(self.acpr);
        d.max(w).max(b).max(q).max(self.cepr)
    }

    pub fn values(&self) -> [(&'static str, u64); 12] {
        [
            ("dedr", self.dedr),
            ("dewr", self.dewr),
            ("debr", self.debr),
            ("deqw", self.deqw),
            ("cedw", self.cedw),
            ("cedr", self.cedr),
            ("ceww", self.ceww),
            ("cewr", self.cewr),
            ("cepr", self.cepr),
            ("acbw", self.acbw),
            ("acbr", self.acbr),
            ("acpr", self.acpr),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dma_cycles_match_upstream_at_mtu_4() {
        let hw = Hw::sl2610();
        assert_eq!(hw.dma_cycles(4096, 4), 862);
        assert_eq!(hw.dma_cycles(5120, 4), 1077);
        assert_eq!(hw.dma_cycles(65536, 4), 13785);
        assert_eq!(hw.dma_cycles(0, 4), 0);
    }

    #[test]
    fn throughput_is_computed_in_upstream_order() {
        let tp = Hw::sl2610().dma_bytes_per_cycle(4);
        assert!((tp - 4.754_285_714_285_714).abs() < 1e-12, "{tp}");
    }

    #[test]
    fn larger_mtu_is_faster() {
        let hw = Hw::sl2610();
        assert!(hw.dma_cycles(65536, 6) < hw.dma_cycles(65536, 4));
        // mtu 0: 5.2 * 1/2.5 = 2.08 B/cycle.
        assert_eq!(hw.dma_cycles(2080, 0), 1000);
    }

    #[test]
    fn cdma_cycles() {
        let hw = Hw::sl2610();
        assert_eq!(hw.cdma_cycles(0), 1);
        assert_eq!(hw.cdma_cycles(576), 100); // 576 / 5.76
        let other = Hw::parse("1:512:2:coral_v2:nss_v2").unwrap();
        assert_eq!(other.cdma_cycles(1280), 100); // 1280 / 12.8
    }

    #[test]
    fn hw_forms() {
        let hw = Hw::parse("0:8:2:coral_v1:nss_v1").unwrap();
        assert_eq!(hw.lram_bytes, 8192);
        assert_eq!(hw.usable_lram_bytes(), 8192 - 1280);
        assert_eq!(Hw::sl2610().usable_lram_bytes(), 523_008);
        let fast = Hw::parse("7:512:2:coral_v2:nss_v2:16:0.5").unwrap();
        assert_eq!(fast.dma_tp, 16.0);
        assert_eq!(fast.dma_factor, 0.5);
        for bad in [
            "",
            "SL",
            "sl2610",
            "SL2610 ",
            "0:8:2",
            "0:x:2:coral_v1:nss_v1",
            "0:8:0:coral_v1:nss_v1",
            "0:8:2:coral_v1:nss_v1:-1",
            "0:8:2::nss_v1",
            "0:8:2:a:b",
            "0:8:2:coral_v1:nss_v1 ",
            "0:18446744073709551615:2:coral_v1:nss_v1",
            "0:8:2:coral_v1:nss_v1:8:1e-320",
            "0:8:2:coral_v1:nss_v1:inf",
        ] {
            assert!(Hw::parse(bad).is_err(), "{bad}");
        }
        let e = Hw::parse("0:8:2:gpu:nss_v1").unwrap_err();
        assert!(e.to_string().ends_with("with css named coral_vN"), "{e}");
    }

    fn ndl(ty: NdlType, dims: &[(char, char, u64)]) -> Ndl {
        Ndl {
            ty,
            dims: dims
                .iter()
                .map(|&(kind, tag, count)| NdlDim { kind, tag, count })
                .collect(),
        }
    }

    #[test]
    fn ndl_cycles_are_the_product_of_h_counts() {
        let n = ndl(
            NdlType::Dedr,
            &[('H', 'D', 16), ('L', 'B', 4), ('H', 'G', 3)],
        );
        assert_eq!(n.cycles(true), 48);
        assert_eq!(ndl(NdlType::Dedr, &[]).cycles(true), 1);
    }

    #[test]
    fn ndl_s_dimensions_correct_for_l() {
        // X = 2 < L = 8: multiply by ceil(8 / 2) = 4.
        let n = ndl(
            NdlType::Dedr,
            &[('H', 'D', 10), ('L', 'B', 8), ('S', 'X', 2)],
        );
        assert_eq!(n.cycles(true), 40);
        // Register NDLs ignore the correction.
        assert_eq!(n.cycles(false), 10);
        // X = 6 >= L = 4: g = 2, add (10 * 2 / 6) * ((4 - 1) / 2) = 3 * 1.
        let n = ndl(
            NdlType::Dedr,
            &[('H', 'D', 10), ('L', 'B', 4), ('S', 'B', 6)],
        );
        assert_eq!(n.cycles(true), 13);
        // An S dimension with another tag does not count.
        let n = ndl(
            NdlType::Dedr,
            &[('H', 'D', 10), ('L', 'B', 8), ('S', 'G', 2)],
        );
        assert_eq!(n.cycles(true), 10);
    }

    #[test]
    fn task_cycles_sum_mem_and_take_last_reg() {
        let mem = [
            ndl(NdlType::Dedr, &[('H', 'D', 100)]),
            ndl(NdlType::Dedr, &[('H', 'D', 20)]),
            ndl(NdlType::Deqw, &[('H', 'D', 50)]),
            ndl(NdlType::Ref, &[('H', 'D', 9999)]),
        ];
        let reg = [
            ndl(NdlType::Cepr, &[('H', 'D', 500)]),
            ndl(NdlType::Cepr, &[('H', 'D', 70)]),
        ];
        let c = NdlCycles::of_task(&mem, &reg);
        assert_eq!(c.dedr, 120);
        assert_eq!(c.deqw, 50);
        assert_eq!(c.cepr, 70);
        assert_eq!(c.max_cycle(), 120);
    }

    #[test]
    fn de_counts_come_from_memory_ndls_and_ce_ac_from_register_ndls() {
        // A memory CEPR and a register DEDR are not read.
        let mem = [ndl(NdlType::Cepr, &[('H', 'D', 900)])];
        let reg = [ndl(NdlType::Dedr, &[('H', 'D', 800)])];
        let c = NdlCycles::of_task(&mem, &reg);
        assert_eq!(c, NdlCycles::default());
    }

    #[test]
    fn upstream_add_task() {
        // The NDLs of an upstream `add` slice task (torq_hw.slice_task "add"
        // over two i32 scalars), cycles derived by hand from the formula:
        // DEDR: H counts 1 * 2 * 1 = 2; DEQW: H = 1, L = 4 * 1 = 4, S(B, X) =
        // 2 * 2 = 4 >= L: g = 4, adds (1 * 4 / 4) * (3 / 4) = 0, so 1.
        let mem = [
            ndl(
                NdlType::Dewr,
                &[('L', 'B', 1), ('L', 'D', 2), ('H', 'G', 1)],
            ),
            ndl(
                NdlType::Debr,
                &[('L', 'B', 4), ('L', 'D', 2), ('H', 'G', 1)],
            ),
            ndl(
                NdlType::Dedr,
                &[
                    ('L', 'B', 4),
                    ('L', 'D', 1),
                    ('H', 'G', 1),
                    ('H', 'O', 2),
                    ('H', 'A', 1),
                ],
            ),
            ndl(
                NdlType::Deqw,
                &[
                    ('L', 'B', 4),
                    ('L', 'D', 1),
                    ('H', 'G', 1),
                    ('H', 'A', 1),
                    ('S', 'B', 2),
                    ('S', 'X', 2),
                ],
            ),
            ndl(NdlType::Ref, &[]),
        ];
        let reg = [
            ndl(
                NdlType::Ceww,
                &[('L', 'B', 1), ('L', 'D', 2), ('L', 'G', 1), ('H', 'T', 1)],
            ),
            ndl(
                NdlType::Acbw,
                &[('L', 'B', 8), ('L', 'D', 1), ('L', 'G', 1), ('H', 'T', 1)],
            ),
            ndl(
                NdlType::Cedw,
                &[('L', 'B', 4), ('L', 'D', 1), ('H', 'T', 2)],
            ),
            ndl(
                NdlType::Cedr,
                &[('L', 'B', 4), ('L', 'D', 2), ('H', 'T', 2)],
            ),
            ndl(
                NdlType::Cewr,
                &[
                    ('L', 'B', 1),
                    ('L', 'D', 1),
                    ('H', 'S', 2),
                    ('H', 'M', 1),
                    ('H', 'T', 1),
                ],
            ),
            ndl(
                NdlType::Acbr,
                &[('L', 'B', 8), ('L', 'D', 1), ('H', 'M', 1), ('H', 'T', 1)],
            ),
            ndl(
                NdlType::Acpr,
                &[
                    ('L', 'B', 4),
                    ('L', 'D', 4),
                    ('L', 'G', 1),
                    ('H', 'S', 1),
                    ('H', 'T', 1),
                ],
            ),
            ndl(
                NdlType::Cepr,
                &[('L', 'B', 4), ('L', 'D', 4), ('H', 'N', 2), ('H', 'T', 1)],
            ),
            ndl(
                NdlType::Acpw,
                &[('L', 'B', 4), ('L', 'D', 4), ('L', 'G', 4), ('H', 'T', 1)],
            ),
        ];
        let c = NdlCycles::of_task(&mem, &reg);
        let v: Vec<u64> = c.values().iter().map(|(_, v)| *v).collect();
        assert_eq!(v, [2, 1, 1, 1, 2, 2, 1, 2, 2, 1, 1, 1]);
        assert_eq!(c.max_cycle(), 2);
    }
}
