//! The LRAM memory map of an allocated function as a standalone SVG: time
//! (the stream's cycles, as simulateStream plays the function) across, LRAM
//! addresses up, one rectangle per stay of a buffer in LRAM (its alloc to its
//! dealloc), swap-ins and swap-outs marked; under it the timeline of the DMA
//! engine and the slices. Plain data in, text out: `ir::memory_map` reads
//! the IR, the option `lram-map` of AssignLramAddresses writes the file; the
//! lanes are drawn as `sched::explain`'s timeline draws them.

use crate::sched::explain::{escape, lane_box, LOAD_COLOR, PROGRAM_COLOR, STORE_COLOR, SWAP_COLOR};
use std::fmt::Write;

/// One stay of a buffer in LRAM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rect {
    pub label: String,
    pub offset: u64,
    pub bytes: u64,
    pub begin: u64,
    pub end: u64,
    /// Brought back from XRAM (a swap-in) at `begin`.
    pub swapped_in: bool,
    /// Sent to XRAM (a swap-out) at `end`.
    pub swapped_out: bool,
}

/// What a box on the timeline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    Load,
    Store,
    /// A swap transfer (either direction).
    Swap,
    Program,
}

/// One busy interval of a unit: lane 0 is the DMA engine, lane 1 + s slice s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Busy {
    pub lane: u32,
    pub label: String,
    pub activity: Activity,
    pub begin: u64,
    pub end: u64,
}

/// One function's picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    /// Usable LRAM bytes (the height of the map).
    pub usable: u64,
    pub slices: u32,
    pub makespan: u64,
    pub rects: Vec<Rect>,
    pub busy: Vec<Busy>,
}

/// The panels one under another, each on its own time axis.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "picture coordinates from a placement within the capacity and a block's makespan (sched::stream bounds); indices lie within their vectors"
)]
pub fn svg(panels: &[Panel]) -> String {
    const W: f64 = 960.0;
    const LEFT: f64 = 90.0;
    const MAP_H: f64 = 260.0;
    const ROW: f64 = 16.0;
    let mut body = String::new();
    let mut y = 10.0;
    for p in panels {
        let horizon = p.makespan.max(1) as f64;
        let x = |t: u64| LEFT + (W - LEFT - 10.0) * (t as f64 / horizon).min(1.0);
        let usable = p.usable.max(1) as f64;
        let swaps = p.rects.iter().filter(|r| r.swapped_out).count()
            + p.rects.iter().filter(|r| r.swapped_in).count();
        let _ = writeln!(
            body,
            r#"<text x="4" y="{:.1}" font-weight="bold">{} ({} cycles, {} swaps)</text>"#,
            y + 12.0,
            escape(&p.title),
            p.makespan,
            swaps
        );
        y += 18.0;
        let top = y;
        let ya = |addr: u64| top + MAP_H * (1.0 - (addr as f64 / usable).min(1.0));
        let _ = writeln!(
            body,
            r##"<rect x="{LEFT}" y="{top:.1}" width="{:.1}" height="{MAP_H}" fill="#f7f7f7" stroke="#bbb"/><text x="4" y="{:.1}" fill="#666">{} KiB</text><text x="4" y="{:.1}" fill="#666">0</text>"##,
            W - LEFT - 10.0,
            top + 10.0,
            p.usable / 1024,
            top + MAP_H
        );
        for (k, r) in p.rects.iter().enumerate() {
            let (x0, x1) = (x(r.begin), x(r.end.max(r.begin + 1)));
            let (y0, y1) = (ya(r.offset + r.bytes), ya(r.offset));
            let hue = (k * 47) % 360;
            let stroke = if r.swapped_in || r.swapped_out {
                r##" stroke="#d62728" stroke-width="2""##
            } else {
                r##" stroke="#555" stroke-width="0.5""##
            };
            let _ = writeln!(
                body,
                r#"<rect x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{:.1}" fill="hsl({hue},55%,70%)"{stroke}><title>{} [{}, {}) bytes {}..{}{}{}</title></rect>"#,
                (x1 - x0).max(0.5),
                (y1 - y0).max(0.5),
                escape(&r.label),
                r.begin,
                r.end,
                r.offset,
                r.offset + r.bytes,
                if r.swapped_in { ", swapped in" } else { "" },
                if r.swapped_out { ", swapped out" } else { "" },
            );
            if r.swapped_in {
                let _ = writeln!(
                    body,
                    r##"<path d="M{x0:.1} {:.1} l6 -5 l0 10 z" fill="{SWAP_COLOR}"/>"##,
                    (y0 + y1) / 2.0
                );
            }
            if r.swapped_out {
                let _ = writeln!(
                    body,
                    r##"<path d="M{x1:.1} {:.1} l-6 -5 l0 10 z" fill="{SWAP_COLOR}"/>"##,
                    (y0 + y1) / 2.0
                );
            }
        }
        y = top + MAP_H + 8.0;
        for lane in 0..=p.slices {
            let name = if lane == 0 {
                "DMA".to_string()
            } else {
                format!("slice {}", lane - 1)
            };
            let _ = writeln!(
                body,
                r##"<text x="4" y="{:.1}">{name}</text><line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#ddd"/>"##,
                y + 12.0,
                y + ROW,
                W - 10.0,
                y + ROW
            );
            for b in p.busy.iter().filter(|b| b.lane == lane) {
                let color = match b.activity {
                    Activity::Load => LOAD_COLOR,
                    Activity::Store => STORE_COLOR,
                    Activity::Swap => SWAP_COLOR,
                    Activity::Program => PROGRAM_COLOR,
                };
                lane_box(
                    &mut body,
                    (x(b.begin), x(b.end.max(b.begin + 1))),
                    y,
                    ROW,
                    color,
                    &b.label,
                    (b.begin, b.end),
                );
            }
            y += ROW;
        }
        let _ = writeln!(
            body,
            r##"<text x="{LEFT}" y="{:.1}" fill="#666">0</text><text x="{:.1}" y="{:.1}" fill="#666" text-anchor="end">{} cycles</text>"##,
            y + 12.0,
            W - 10.0,
            y + 12.0,
            p.makespan
        );
        y += 30.0;
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{:.0}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="white"/>
{body}</svg>
"##,
        y
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_rectangle_and_marks_swaps() {
        let p = Panel {
            title: "f".into(),
            usable: 1024,
            slices: 1,
            makespan: 100,
            rects: vec![
                Rect {
                    label: "a".into(),
                    offset: 0,
                    bytes: 512,
                    begin: 0,
                    end: 50,
                    swapped_in: false,
                    swapped_out: true,
                },
                Rect {
                    label: "a'".into(),
                    offset: 512,
                    bytes: 512,
                    begin: 60,
                    end: 100,
                    swapped_in: true,
                    swapped_out: false,
                },
            ],
            busy: vec![Busy {
                lane: 1,
                label: "p".into(),
                activity: Activity::Program,
                begin: 10,
                end: 90,
            }],
        };
        let s = svg(&[p]);
        assert!(s.starts_with("<svg"));
        assert_eq!(s.matches("<title>a").count(), 2);
        assert!(s.contains("(100 cycles, 2 swaps)"));
        assert_eq!(s.matches("#d62728\"/>").count(), 2, "{s}");
    }
}
