//! For people: the decision table of spec §6 and a Chrome trace timeline.

use super::list::Schedule;
use super::simulate::{Lane, SimResult};
use super::stream::{Kind, Stream};
use serde_json::{json, Value};
use std::fmt::Write;

/// The step table: step, t before, slices, rule, what was emitted, t after.
pub fn explain_table(stream: &Stream, schedule: &Schedule) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "step | t before | slices | rule | emits | t after | live LRAM"
    );
    for (i, st) in schedule.steps.iter().enumerate() {
        let slices: Vec<String> = st
            .slices
            .iter()
            .enumerate()
            .map(|(s, run)| match run {
                Some((p, end)) => format!("s{s} {} (ends {end})", stream.programs[*p].name),
                None => format!("s{s} free"),
            })
            .collect();
        let node = &stream.nodes[st.node];
        let emits = match st.slice {
            Some(s) => format!("{} -> s{s}", node.name),
            None => node.name.clone(),
        };
        let _ = writeln!(
            out,
            "{} | {} | {} | {} | {} | {} | {}",
            i.saturating_add(1),
            st.t_before,
            slices.join(", "),
            st.rule.describe(),
            emits,
            st.t_after,
            st.live_after
        );
    }
    out
}

/// The step table of an order that no list-scheduler run produced (the
/// DMA-order descent's, the transfer windows', the oracle's): one row per
/// op that occupies a unit, in the order, with its unit and its times on
/// the time model (the rule column is the list scheduler's only).
pub fn order_table(stream: &Stream, sim: &SimResult, order: &[super::stream::NodeId]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "step | unit | emits | start | end");
    let mut at: Vec<Option<&super::simulate::Interval>> = vec![None; stream.nodes.len()];
    for iv in &sim.intervals {
        if let Some(slot) = at.get_mut(iv.node) {
            *slot = Some(iv);
        }
    }
    let mut step = 0usize;
    for &n in order {
        let Some(iv) = at.get(n).copied().flatten() else {
            continue;
        };
        step = step.saturating_add(1);
        let unit = match iv.lane {
            Lane::Dma => "DMA".to_string(),
            Lane::Slice(s) => format!("s{s}"),
            Lane::Stream => "stream".to_string(),
        };
        let _ = writeln!(
            out,
            "{step} | {unit} | {} | {} | {}",
            stream.nodes[n].name, iv.begin, iv.end
        );
    }
    out
}

/// The Chrome trace events of one block (Trace Event Format, as Perfetto and
/// chrome://tracing read it): a named track (thread) per lane of block
/// `block` (DMA, slice 0..n, stream barriers), a complete event ("X") per
/// busy interval, and a counter ("C") of live LRAM bytes. Times are in
/// the format's microseconds, one per cycle. The events carry no `pid`:
/// [`chrome_trace_file`] gives each function its process.
pub fn trace_events(stream: &Stream, sim: &SimResult, block: usize) -> Vec<Value> {
    // Lanes of a block: DMA, the slices, the stream; tids from 1.
    let lanes_per_block = u64::from(stream.slices).saturating_add(2);
    let base = (block as u64)
        .saturating_mul(lanes_per_block)
        .saturating_add(1);
    let tid = |lane: Lane| match lane {
        Lane::Dma => base,
        Lane::Slice(s) => base.saturating_add(1).saturating_add(u64::from(s)),
        Lane::Stream => base
            .saturating_add(1)
            .saturating_add(u64::from(stream.slices)),
    };
    let mut lanes = vec![(Lane::Dma, "DMA".to_string())];
    lanes.extend((0..stream.slices).map(|s| (Lane::Slice(s), format!("slice {s}"))));
    lanes.push((Lane::Stream, "stream (barriers)".to_string()));
    let mut events = Vec::new();
    for (lane, name) in lanes {
        events.push(
            json!({"ph": "M", "cat": METADATA, "tid": tid(lane), "name": "thread_name",
            "args": {"name": format!("block {block}: {name}")}}),
        );
        events.push(
            json!({"ph": "M", "cat": METADATA, "tid": tid(lane), "name": "thread_sort_index",
            "args": {"sort_index": tid(lane)}}),
        );
    }
    for iv in &sim.intervals {
        let node = &stream.nodes[iv.node];
        let cycles = iv.end.saturating_sub(iv.begin);
        events.push(json!({
            "ph": "X", "tid": tid(iv.lane), "name": node.name, "cat": format!("{:?}", node.kind),
            "ts": iv.begin, "dur": cycles,
            "args": {"node": iv.node, "cycles": cycles}
        }));
    }
    for &(t, bytes) in &sim.lram_samples {
        events.push(
            json!({"ph": "C", "cat": "lram", "tid": base, "name": format!("block {block}: LRAM bytes"),
            "ts": t, "args": {"bytes": bytes}}),
        );
    }
    events
}

/// The category of metadata events, as Chrome writes it (trace readers
/// such as `@tracerbench/trace-model` expect every event to carry one).
const METADATA: &str = "__metadata";

/// A whole Chrome trace file (JSON Object Format) from the blocks' events
/// of each function, in the order given: one process per function (its
/// `pid` from 1, named by `name`), `traceEvents` at the top level. One
/// microsecond of the trace is one cycle; `otherData` says so.
pub fn chrome_trace_file<'a>(functions: impl IntoIterator<Item = (&'a str, &'a [Value])>) -> Value {
    let mut events = Vec::new();
    for (pid, (name, function_events)) in (1u64..).zip(functions) {
        events.extend(process_events(pid, name, function_events.to_vec()));
    }
    json!({"traceEvents": events, "otherData": trace_other_data()})
}

/// One function's part of a trace file: its process's name and sort index,
/// then its events, each given `pid`.
pub fn process_events(pid: u64, name: &str, events: Vec<Value>) -> impl Iterator<Item = Value> {
    let head = [
        json!({"ph": "M", "cat": METADATA, "pid": pid, "tid": 0, "name": "process_name", "args": {"name": name}}),
        json!({"ph": "M", "cat": METADATA, "pid": pid, "tid": 0, "name": "process_sort_index", "args": {"sort_index": pid}}),
    ];
    head.into_iter().chain(events.into_iter().map(move |mut e| {
        if let Some(o) = e.as_object_mut() {
            o.insert("pid".into(), json!(pid));
        }
        e
    }))
}

/// A trace file's `otherData`.
pub fn trace_other_data() -> Value {
    json!({"time unit": "1 trace microsecond = 1 cycle", "producer": "torq-sched"})
}

/// One block's schedule as a whole trace file (process `title`).
pub fn chrome_trace(stream: &Stream, sim: &SimResult, title: &str) -> Value {
    let events = trace_events(stream, sim, 0);
    chrome_trace_file([(title, events.as_slice())])
}

/// A before/after timeline as a standalone SVG: one band per schedule, one
/// row per unit (DMA, each slice, the stream's barriers), one box per busy
/// interval, on a common cycle axis. `runs` = (label, stream, simulation).
pub fn svg_timeline(runs: &[(&str, &Stream, &SimResult)]) -> String {
    const W: f64 = 960.0;
    const LEFT: f64 = 120.0;
    const ROW: f64 = 18.0;
    const GAP: f64 = 30.0;
    let horizon = runs
        .iter()
        .map(|(_, _, sim)| sim.makespan)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let x = |t: u64| LEFT + (W - LEFT - 10.0) * t as f64 / horizon;
    let mut body = String::new();
    let mut y = 10.0;
    for (label, stream, sim) in runs {
        let lanes: Vec<(Lane, String)> = std::iter::once((Lane::Dma, "DMA".to_string()))
            .chain((0..stream.slices).map(|s| (Lane::Slice(s), format!("slice {s}"))))
            .chain(std::iter::once((Lane::Stream, "barriers".to_string())))
            .collect();
        let _ = writeln!(
            body,
            r#"<text x="4" y="{:.1}" font-weight="bold">{} ({} cycles)</text>"#,
            y + 12.0,
            escape(label),
            sim.makespan
        );
        y += 18.0;
        for (lane, name) in &lanes {
            let _ = writeln!(
                body,
                r##"<text x="4" y="{:.1}">{}</text><line x1="{LEFT}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#ddd"/>"##,
                y + 13.0,
                escape(name),
                y + ROW,
                W - 10.0,
                y + ROW
            );
            for iv in sim.intervals.iter().filter(|iv| iv.lane == *lane) {
                let node = &stream.nodes[iv.node];
                let color = match node.kind {
                    Kind::Load => LOAD_COLOR,
                    Kind::Store => STORE_COLOR,
                    Kind::Start => PROGRAM_COLOR,
                    _ => "#9c9c9c",
                };
                lane_box(
                    &mut body,
                    (x(iv.begin), x(iv.end.max(iv.begin.saturating_add(1)))),
                    y,
                    ROW,
                    color,
                    &node.name,
                    (iv.begin, iv.end),
                );
            }
            y += ROW;
        }
        y += GAP;
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{:.0}" font-family="sans-serif" font-size="11">
<rect width="100%" height="100%" fill="white"/>
{body}<text x="{LEFT}" y="{:.1}" fill="#666">0</text><text x="{:.1}" y="{:.1}" fill="#666" text-anchor="end">{} cycles</text>
</svg>
"##,
        y + 10.0,
        y,
        W - 10.0,
        y,
        horizon as u64
    )
}

/// Text for an SVG element or attribute, escaped by quick-xml. A character
/// XML 1.0 cannot hold at all, escaped or not (a control character other
/// than tab, newline and carriage return, as in the legal MLIR name
/// `@"we\01x"`), becomes U+FFFD, so the file stays well formed.
pub fn escape(s: &str) -> String {
    let xml_char = |c: char| {
        matches!(c, '\t' | '\n' | '\r')
            || matches!(c, '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
    };
    let text: String = s
        .chars()
        .map(|c| if xml_char(c) { c } else { '\u{FFFD}' })
        .collect();
    quick_xml::escape::escape(text.as_str()).into_owned()
}

/// The lanes' colours, one per activity (the timeline and the memory map).
pub const LOAD_COLOR: &str = "#4e79a7";
pub const STORE_COLOR: &str = "#59a14f";
pub const PROGRAM_COLOR: &str = "#f28e2b";
pub const SWAP_COLOR: &str = "#d62728";

/// One busy interval on a timeline lane of height `row` at `y`: a box from
/// `x0` to `x1` with its label and cycles as the tooltip.
pub fn lane_box(
    body: &mut String,
    (x0, x1): (f64, f64),
    y: f64,
    row: f64,
    color: &str,
    label: &str,
    (begin, end): (u64, u64),
) {
    let _ = writeln!(
        body,
        r#"<rect x="{x0:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{color}"><title>{} [{begin}, {end})</title></rect>"#,
        y + 2.0,
        (x1 - x0).max(0.5),
        row - 4.0,
        escape(label),
    );
}
