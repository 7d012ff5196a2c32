//! The LRAM memory map of an allocated function as a standalone SVG: time
//! (the stream's cycles, as simulateStream plays the function) across, LRAM
//! addresses up, one rectangle per stay of a buffer in LRAM (its alloc to its
//! dealloc), swap-ins and swap-outs marked; under it the timeline of the DMA
//! engine and the slices. Plain data in, text out: `ir::memory_map` reads
//! the IR, the option `torq-lram-map` of AssignLramAddresses writes the file; the
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

/// About five round steps (1, 2 or 5 x 10^k) that cover `0..=max`.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "max is a byte count or a makespan below 2^63; the step grows by x10 at most 19 times"
)]
fn ticks(max: u64) -> Vec<u64> {
    let max = max.max(1);
    let mut step = 1u64;
    'find: loop {
        for m in [1u64, 2, 5] {
            let s = step.saturating_mul(m);
            if max / s <= 5 {
                step = s;
                break 'find;
            }
        }
        step = step.saturating_mul(10);
    }
    (0..=max / step).map(|i| i * step).collect()
}

/// A byte count as people read an address axis: B, KiB or MiB.
fn bytes_text(b: u64) -> String {
    if b >= 1 << 20 && b % (1 << 20) == 0 {
        format!("{} MiB", b >> 20)
    } else if b >= 1024 && b % 1024 == 0 {
        format!("{} KiB", b >> 10)
    } else if b >= 10 * 1024 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// The stays the table under a map names (the rest: in their tooltips).
pub const TABLE_ROWS: usize = 500;

/// The panels one under another, each on its own time axis. The address
/// axis of a panel runs to its highest placed byte (usable LRAM drawn as a
/// dashed line when it lies within, else named in the title), with round
/// ticks on both axes; each rectangle is named by its label in its tooltip,
/// and in the picture when it is large enough, and in a table under the
/// map with its location; a legend says what the colours and marks mean.
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
    // The legend, once.
    let mut lx = LEFT;
    for (color, what) in [
        (LOAD_COLOR, "load"),
        (STORE_COLOR, "store"),
        (SWAP_COLOR, "swap transfer"),
        (PROGRAM_COLOR, "slice program"),
    ] {
        let _ = writeln!(
            body,
            r##"<rect x="{lx:.1}" y="{y:.1}" width="12" height="10" fill="{color}"/><text x="{:.1}" y="{:.1}">{what}</text>"##,
            lx + 16.0,
            y + 9.0
        );
        lx += 110.0;
    }
    let _ = writeln!(
        body,
        r##"<rect x="{lx:.1}" y="{y:.1}" width="12" height="10" fill="#ddd" stroke="#d62728" stroke-width="2"/><text x="{:.1}" y="{:.1}">a stay swapped in (&#9656; at its start) or out (&#9666; at its end)</text>"##,
        lx + 16.0,
        y + 9.0
    );
    y += 22.0;
    for p in panels {
        let horizon = p.makespan.max(1) as f64;
        let x = |t: u64| LEFT + (W - LEFT - 10.0) * (t as f64 / horizon).min(1.0);
        let peak = p
            .rects
            .iter()
            .map(|r| r.offset + r.bytes)
            .max()
            .unwrap_or(0);
        let top_bytes = peak.max(1);
        let scale = top_bytes as f64;
        let swaps = p.rects.iter().filter(|r| r.swapped_out).count()
            + p.rects.iter().filter(|r| r.swapped_in).count();
        let lram_note = if p.usable > top_bytes {
            format!(", usable LRAM {} above the scale", bytes_text(p.usable))
        } else {
            String::new()
        };
        let _ = writeln!(
            body,
            r#"<text x="4" y="{:.1}" font-weight="bold">{} ({} cycles, {} buffers, {} swaps, peak address {}{lram_note})</text>"#,
            y + 12.0,
            escape(&p.title),
            p.makespan,
            p.rects.len(),
            swaps,
            bytes_text(peak),
        );
        y += 18.0;
        let top = y;
        let ya = |addr: u64| top + MAP_H * (1.0 - (addr as f64 / scale).min(1.0));
        let _ = writeln!(
            body,
            r##"<rect x="{LEFT}" y="{top:.1}" width="{:.1}" height="{MAP_H}" fill="#f7f7f7" stroke="#bbb"/>"##,
            W - LEFT - 10.0,
        );
        // Address ticks, round in KiB from 4 KiB up.
        let address_ticks: Vec<u64> = if top_bytes >= 4096 {
            ticks(top_bytes / 1024)
                .into_iter()
                .map(|t| t * 1024)
                .collect()
        } else {
            ticks(top_bytes)
        };
        for t in address_ticks {
            let ty = ya(t);
            let _ = writeln!(
                body,
                r##"<line x1="{:.1}" y1="{ty:.1}" x2="{LEFT}" y2="{ty:.1}" stroke="#999"/><text x="{:.1}" y="{:.1}" fill="#666" text-anchor="end">{}</text>"##,
                LEFT - 4.0,
                LEFT - 6.0,
                ty + 4.0,
                bytes_text(t)
            );
        }
        for (k, r) in p.rects.iter().enumerate() {
            let (x0, x1) = (x(r.begin), x(r.end.max(r.begin + 1)));
            let (y0, y1) = (ya(r.offset + r.bytes), ya(r.offset));
            let hue = (k * 47) % 360;
            let stroke = if r.swapped_in || r.swapped_out {
                r##" stroke="#d62728" stroke-width="2""##
            } else {
                r##" stroke="#555" stroke-width="0.5""##
            };
            let (w, h) = ((x1 - x0).max(0.5), (y1 - y0).max(0.5));
            let _ = writeln!(
                body,
                r#"<rect x="{x0:.1}" y="{y0:.1}" width="{w:.1}" height="{h:.1}" fill="hsl({hue},55%,70%)"{stroke}><title>{} [{}, {}) bytes {}..{}{}{}</title></rect>"#,
                escape(&r.label),
                r.begin,
                r.end,
                r.offset,
                r.offset + r.bytes,
                if r.swapped_in { ", swapped in" } else { "" },
                if r.swapped_out { ", swapped out" } else { "" },
            );
            // The name inside when it fits (about 6 px a character).
            let name = r.label.split(" (").next().unwrap_or("");
            if h >= 12.0 && w >= 6.0 * name.len() as f64 + 6.0 {
                let _ = writeln!(
                    body,
                    r#"<text x="{:.1}" y="{:.1}" font-size="10" pointer-events="none">{}</text>"#,
                    x0 + 3.0,
                    y0 + 11.0,
                    escape(name)
                );
            }
            // As the legend says: a right-pointing mark (apex to the
            // right) at a swap-in's start, a left-pointing one at a
            // swap-out's end.
            let mid = (y0 + y1) / 2.0;
            if r.swapped_in {
                let _ = writeln!(
                    body,
                    r##"<path d="M{x0:.1} {:.1} l6 5 l-6 5 z" fill="{SWAP_COLOR}"/>"##,
                    mid - 5.0
                );
            }
            if r.swapped_out {
                let _ = writeln!(
                    body,
                    r##"<path d="M{x1:.1} {:.1} l-6 5 l6 5 z" fill="{SWAP_COLOR}"/>"##,
                    mid - 5.0
                );
            }
        }
        if p.usable <= top_bytes {
            let ly = ya(p.usable);
            let _ = writeln!(
                body,
                r##"<line x1="{LEFT}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="#d62728" stroke-dasharray="6 3"/><text x="{:.1}" y="{:.1}" fill="#d62728" text-anchor="end">usable LRAM {}</text>"##,
                W - 10.0,
                W - 12.0,
                ly - 3.0,
                bytes_text(p.usable)
            );
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
        // Time ticks, in cycles.
        for t in ticks(p.makespan) {
            let tx = x(t);
            let _ = writeln!(
                body,
                r##"<line x1="{tx:.1}" y1="{:.1}" x2="{tx:.1}" y2="{:.1}" stroke="#999"/><text x="{tx:.1}" y="{:.1}" fill="#666" text-anchor="middle">{t}</text>"##,
                y,
                y + 4.0,
                y + 15.0
            );
        }
        let _ = writeln!(
            body,
            r##"<text x="{:.1}" y="{:.1}" fill="#666" text-anchor="end">cycles</text>"##,
            W - 10.0,
            y + 28.0,
        );
        y += 40.0;
        // Every stay named where a picture shows it (a PNG has no
        // tooltips): its colour, name and location, bytes and cycles.
        let _ = writeln!(
            body,
            r#"<text x="4" y="{:.1}" font-weight="bold">buffers (name, location, bytes at, cycles)</text>"#,
            y + 4.0
        );
        y += 10.0;
        for (k, r) in p.rects.iter().enumerate().take(TABLE_ROWS) {
            let hue = (k * 47) % 360;
            let _ = writeln!(
                body,
                r#"<rect x="4" y="{:.1}" width="10" height="10" fill="hsl({hue},55%,70%)" stroke="{}"/><text x="20" y="{:.1}" font-size="10">{} — [{}, {}) — [{}, {}){}</text>"#,
                y + 2.0,
                if r.swapped_in || r.swapped_out {
                    "#d62728"
                } else {
                    "#555"
                },
                y + 11.0,
                escape(&r.label),
                r.offset,
                r.offset + r.bytes,
                r.begin,
                r.end,
                match (r.swapped_in, r.swapped_out) {
                    (true, true) => ", swapped in and out",
                    (true, false) => ", swapped in",
                    (false, true) => ", swapped out",
                    (false, false) => "",
                }
            );
            y += 13.0;
        }
        if p.rects.len() > TABLE_ROWS {
            let _ = writeln!(
                body,
                r##"<text x="20" y="{:.1}" font-size="10" fill="#666">and {} more (each named in its tooltip)</text>"##,
                y + 11.0,
                p.rects.len() - TABLE_ROWS
            );
            y += 13.0;
        }
        y += 16.0;
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
        assert!(s.contains("(100 cycles, 2 buffers, 2 swaps, peak address 1 KiB)"));
        // Usable LRAM (1 KiB) is the peak: drawn as a line.
        assert!(s.contains("usable LRAM 1 KiB</text>"));
        // One mark per swap: the swap-in's and the swap-out's triangles,
        // pointing as the legend says (right at a swap-in's start: its
        // apex 6 right of its base; left at a swap-out's end).
        assert_eq!(s.matches("<path").count(), 2, "{s}");
        assert!(s.contains("(&#9656; at its start) or out (&#9666; at its end)"));
        assert_eq!(s.matches(" l6 5 l-6 5 z").count(), 1, "{s}");
        assert_eq!(s.matches(" l-6 5 l6 5 z").count(), 1, "{s}");
    }

    /// Every name, whatever its characters, gives a well-formed file: a real
    /// XML parser (quick-xml's reader) reads the picture to its end.
    #[test]
    fn any_name_gives_well_formed_xml() {
        let name = "@\"we\u{1}x\" <&> 'q' \u{FFFE}";
        let p = Panel {
            title: name.into(),
            usable: 1024,
            slices: 1,
            makespan: 10,
            rects: vec![Rect {
                label: name.into(),
                offset: 0,
                bytes: 64,
                begin: 0,
                end: 10,
                swapped_in: false,
                swapped_out: false,
            }],
            busy: vec![Busy {
                lane: 0,
                label: name.into(),
                activity: Activity::Load,
                begin: 0,
                end: 5,
            }],
        };
        let text = svg(&[p]);
        let mut reader = quick_xml::Reader::from_str(&text);
        let mut texts = String::new();
        loop {
            match reader.read_event() {
                Ok(quick_xml::events::Event::Eof) => break,
                Ok(quick_xml::events::Event::Text(t)) => {
                    texts.push_str(&t.decode().unwrap());
                }
                Ok(_) => {}
                Err(e) => panic!("not well formed at {}: {e}", reader.buffer_position()),
            }
        }
        assert!(!text.contains('\u{1}'));
        assert!(texts.contains("we\u{FFFD}x"), "{texts}");
    }

    #[test]
    fn a_thousand_buffers_keep_every_tooltip_and_only_names_that_fit() {
        let rects: Vec<Rect> = (0..1000u64)
            .map(|i| Rect {
                label: format!("%alloc_{i} (64 B) at f.mlir:{i}:3"),
                offset: (i % 100) * 64,
                bytes: 64,
                begin: i * 10,
                end: i * 10 + 15,
                swapped_in: false,
                swapped_out: false,
            })
            .collect();
        let p = Panel {
            title: "big".into(),
            usable: 512 * 1024,
            slices: 2,
            makespan: 10_015,
            rects,
            busy: vec![],
        };
        let s = svg(&[p]);
        assert_eq!(s.matches("<title>%alloc_").count(), 1000);
        // Rectangles of a pixel across carry no text over their neighbours.
        assert_eq!(
            s.matches(r#"font-size="10" pointer-events="none""#).count(),
            0
        );
        // The table under the map names the first TABLE_ROWS stays, with
        // their locations, and counts the rest.
        assert!(s.contains(">%alloc_0 (64 B) at f.mlir:0:3 — [0, 64) — [0, 15)</text>"));
        assert!(s.contains(&format!("%alloc_{} (64 B)", TABLE_ROWS - 1)));
        assert!(s.contains(&format!(
            ">and {} more (each named in its tooltip)<",
            1000 - TABLE_ROWS
        )));
        assert!(s.contains("(10015 cycles, 1000 buffers, 0 swaps, peak address 6400 B"));
    }

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(100), vec![0, 20, 40, 60, 80, 100]);
        assert_eq!(
            ticks(524288),
            vec![0, 100000, 200000, 300000, 400000, 500000]
        );
        assert_eq!(ticks(0), vec![0, 1]);
        assert_eq!(bytes_text(4096), "4 KiB");
        assert_eq!(bytes_text(100), "100 B");
    }
}
