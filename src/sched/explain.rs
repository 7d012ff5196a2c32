//! For people: the decision table of spec §6 and a Chrome trace timeline.

use super::list::Schedule;
use super::simulate::{Lane, SimResult};
use super::stream::Stream;
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
            i + 1,
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

/// A Chrome trace (opens in Perfetto / chrome://tracing): lanes DMA, slice
/// 0..n and stream (barriers), and an "LRAM bytes" counter. One trace time
/// unit is one cycle.
pub fn chrome_trace(stream: &Stream, sim: &SimResult, title: &str) -> Value {
    let tid = |lane: Lane| match lane {
        Lane::Dma => 0,
        Lane::Slice(s) => 1 + s as u64,
        Lane::Stream => 1 + stream.slices as u64,
    };
    let mut events =
        vec![json!({"ph": "M", "pid": 0, "name": "process_name", "args": {"name": title}})];
    let mut lanes = vec![(Lane::Dma, "DMA".to_string())];
    lanes.extend((0..stream.slices).map(|s| (Lane::Slice(s), format!("slice {s}"))));
    lanes.push((Lane::Stream, "stream (barriers)".to_string()));
    for (lane, name) in lanes {
        events.push(json!({"ph": "M", "pid": 0, "tid": tid(lane), "name": "thread_name", "args": {"name": name}}));
    }
    for iv in &sim.intervals {
        let node = &stream.nodes[iv.node];
        events.push(json!({
            "ph": "X", "pid": 0, "tid": tid(iv.lane), "name": node.name,
            "ts": iv.begin, "dur": iv.end - iv.begin,
            "args": {"node": iv.node, "kind": format!("{:?}", node.kind)}
        }));
    }
    for &(t, bytes) in &sim.lram_samples {
        events.push(
            json!({"ph": "C", "pid": 0, "name": "LRAM bytes", "ts": t, "args": {"bytes": bytes}}),
        );
    }
    json!({
        "traceEvents": events,
        "displayTimeUnit": "ns",
        "otherData": {"time unit": "1 trace microsecond = 1 cycle", "makespan": sim.makespan}
    })
}
