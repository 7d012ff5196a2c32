//! The worked examples of the spec, as exact tests of the scheduler core.

use torq_sched::sched::build::{worked_example_1, StreamBuilder};
use torq_sched::sched::graph::StreamGraph;
use torq_sched::sched::list::{list_schedule, ListParams, Rule};
use torq_sched::sched::simulate::simulate_order;
use torq_sched::sched::stream::{Kind, Stream};

fn names(stream: &Stream, order: &[usize]) -> String {
    order
        .iter()
        .filter(|&&v| !matches!(stream.nodes[v].kind, Kind::Pure | Kind::Barrier))
        .map(|&v| stream.nodes[v].name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn worked_example_1_input_order_costs_410() {
    let s = worked_example_1();
    s.validate().unwrap();
    let g = StreamGraph::build(&s);
    let sim = simulate_order(&s, &g, &s.input_order(), &s.input_slices());
    assert_eq!(sim.makespan, 410);
}

#[test]
fn worked_example_1_schedule() {
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let sched = list_schedule(&s, &g, ListParams::new(523_008), true).unwrap();
    assert_eq!(
        names(&s, &sched.order),
        "L1 start P1 L2 start P2 L3 wait P1 start P3 wait P2 wait P3 S3"
    );
    assert_eq!(sched.slice_of, vec![0, 1, 0]);
    assert_eq!(sched.makespan, 250);
    let sim = simulate_order(&s, &g, &sched.order, &sched.slice_of);
    assert_eq!(sim.makespan, 250);
    // The step table of section 6, row by row: t before, rule, emitted, t after.
    let rows: Vec<(u64, Rule, &str, u64)> = sched
        .steps
        .iter()
        .filter(|st| s.nodes[st.node].kind != Kind::Barrier)
        .map(|st| {
            (
                st.t_before,
                st.rule,
                s.nodes[st.node].name.as_str(),
                st.t_after,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, Rule::Dma, "L1", 30),
            (30, Rule::Start, "start P1", 31),
            (31, Rule::Dma, "L2", 61),
            (61, Rule::Start, "start P2", 62),
            (62, Rule::Dma, "L3", 92),
            (92, Rule::Wait, "wait P1", 130),
            (130, Rule::Start, "start P3", 131),
            (131, Rule::Wait, "wait P2", 161),
            (161, Rule::Wait, "wait P3", 230),
            (230, Rule::Dma, "S3", 250),
        ]
    );
    // Pure ops come just before their first user.
    let full: Vec<&str> = sched
        .order
        .iter()
        .map(|&v| s.nodes[v].name.as_str())
        .collect();
    assert_eq!(
        &full[..5],
        &["alloc l1", "L1", "alloc o1", "invocation P1", "start P1"]
    );
    assert_eq!(full.last(), Some(&"return"));
    assert_eq!(full.len(), s.nodes.len());
}

/// Worked example 2 (§7): cap 100 KB, prefetch cap 40 KB, one urgent start.
/// P1 runs with 30 KB live; P2..P5 each need a 30 KB weight and write a 30 KB
/// output; one slice, so programs follow each other.
#[test]
fn worked_example_2_holds_l3_back() {
    const KB: u64 = 1024;
    let mut b = StreamBuilder::new(1);
    let o1 = b.lram("o1", 30 * KB);
    let p1 = b.start("P1", 1000, &[], &[o1], 0);
    b.wait(p1);
    for i in 2..=5 {
        let w = b.xram(&format!("w{i}"), 30 * KB);
        let l = b.lram(&format!("l{i}"), 30 * KB);
        b.load(&format!("L{i}"), 10, w, l);
        let o = b.lram(&format!("o{i}"), 30 * KB);
        let p = b.start(&format!("P{i}"), 1000, &[l], &[o], 0);
        b.wait(p);
    }
    let s = b.build();
    let g = StreamGraph::build(&s);
    let params = ListParams::with(100 * KB, 100, 40, 1, 32);
    assert_eq!(params.prefetch_cap, 40 * KB);
    let sched = list_schedule(&s, &g, params, true).unwrap();
    let order = names(&s, &sched.order);
    // L2 is urgent (P2 is next) and fits: 30 + 30 + 0 = 60 <= 100. L3 is a
    // prefetch: 60 + 30 + 30 (P2's output, the reserve) = 120 > 40: held back
    // until P2 has started and P3 is next.
    assert!(
        order.starts_with("start P1 L2 wait P1 start P2 L3"),
        "{order}"
    );
    let live_before_l2 = sched
        .steps
        .iter()
        .find(|st| s.nodes[st.node].name == "start P1")
        .unwrap()
        .live_after;
    assert_eq!(live_before_l2, 30 * KB);
}

#[test]
fn the_graph_has_the_edges_of_section_4() {
    use torq_sched::sched::graph::EdgeKind::*;
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let id = |name: &str| s.nodes.iter().position(|n| n.name == name).unwrap();
    let has = |a: &str, b: &str, k| g.edges().contains(&(id(a), id(b), k));
    assert!(has("L1", "start P1", Ssa) || has("L1", "start P1", Memory));
    assert!(has("L1", "start P1", Memory));
    assert!(has("start P1", "wait P1", Program));
    // P3 reads P1's output: the edge leaves P1 at its wait.
    assert!(has("wait P1", "start P3", Memory));
    assert!(!has("start P1", "start P3", Memory));
    assert!(has("wait P3", "S3", Memory));
    assert!(has("S3", "return", Barrier));
    assert!(!g.has_cycle());
}

#[test]
fn worked_example_1_bound_is_250_so_the_schedule_is_optimal() {
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let b = torq_sched::sched::bounds::lower_bounds(&s, &g);
    assert_eq!(b.dma, 110);
    assert_eq!(b.stream, 113);
    // 300 / 2 + 30 (L1 before P1) + 0 (P2 has nothing after it).
    assert_eq!(b.compute, 180);
    // P3: max(130 via L1 + P1, 60 of DMA) + 100 + 20 (S3).
    assert_eq!(b.critical_path, 250);
    assert_eq!(b.best, 250);
    assert!(b.exact_ancestors);
}

#[test]
fn worked_example_1_explain_table() {
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let sched = list_schedule(&s, &g, ListParams::new(523_008), true).unwrap();
    insta::assert_snapshot!(torq_sched::sched::explain::explain_table(&s, &sched));
}

#[test]
fn worked_example_1_trace() {
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let sched = list_schedule(&s, &g, ListParams::new(523_008), false).unwrap();
    let sim = simulate_order(&s, &g, &sched.order, &sched.slice_of);
    let trace = torq_sched::sched::explain::chrome_trace(&s, &sim, "worked example 1");
    insta::assert_json_snapshot!(trace);
}

#[test]
fn worked_example_1_svg_timeline() {
    let s = worked_example_1();
    let g = StreamGraph::build(&s);
    let before = simulate_order(&s, &g, &s.input_order(), &s.input_slices());
    let sched = list_schedule(&s, &g, ListParams::new(523_008), false).unwrap();
    let after = simulate_order(&s, &g, &sched.order, &sched.slice_of);
    let svg = torq_sched::sched::explain::svg_timeline(&[
        ("input order", &s, &before),
        ("stream-schedule", &s, &after),
    ]);
    assert!(svg.contains("input order (410 cycles)"));
    assert!(svg.contains("stream-schedule (250 cycles)"));
    insta::assert_snapshot!(svg);
}

/// The order checker refuses a slice the target does not have and a slice
/// list shorter than the programs (the time model would index past its
/// slices otherwise).
#[test]
fn the_checker_refuses_slices_out_of_range() {
    use torq_sched::sched::check::{check_order, OrderError};
    let s = worked_example_1();
    let order = s.input_order();
    let errs = check_order(&s, &order, &[0, 5, 0]).unwrap_err();
    assert!(
        matches!(
            errs[0],
            OrderError::SliceOutOfRange {
                slice: 5,
                program: 1,
                slices: 2
            }
        ),
        "{errs:?}"
    );
    let errs = check_order(&s, &order, &[0]).unwrap_err();
    assert!(
        matches!(
            errs[0],
            OrderError::SlicesMissing {
                got: 1,
                expected: 3
            }
        ),
        "{errs:?}"
    );
    assert!(check_order(&s, &order, &s.input_slices()).is_ok());
}

/// The graph's memory edges are those of the plain rule, every earlier
/// access of a buffer scanned at each access (quadratic, here as the
/// reference): an edge from an earlier access (a program's from its wait)
/// to a later one when they overlap, one writes, and no write between
/// covers the earlier one. The graph keeps writes and reads apart; it must
/// give the same edges, on random streams and on blocks whose buffers many
/// programs read.
#[test]
fn memory_edges_are_those_of_the_plain_rule() {
    use std::collections::BTreeSet;
    use torq_sched::sched::gen::{random_stream, GenParams};
    use torq_sched::sched::graph::EdgeKind;
    let reference = |s: &Stream| {
        let release = |i: usize| match (s.nodes[i].kind, s.nodes[i].program) {
            (Kind::Start, Some(p)) => s.programs[p].wait,
            _ => i,
        };
        let mut live: Vec<Vec<(torq_sched::sched::stream::Access, usize)>> =
            vec![vec![]; s.buffers.len()];
        let mut edges = BTreeSet::new();
        for i in (0..s.nodes.len()).filter(|&i| s.nodes[i].kind != Kind::Pure) {
            for a in &s.nodes[i].accesses {
                let list = &mut live[a.buffer];
                for (b, j) in list.iter() {
                    if *j != i && (a.write || b.write) && a.overlaps(b) && release(*j) != i {
                        edges.insert((release(*j), i));
                    }
                }
                if a.write {
                    list.retain(|(b, j)| *j == i || !a.covers(b));
                }
                list.push((*a, i));
            }
        }
        edges
    };
    let mut streams: Vec<Stream> = (1..=40)
        .map(|seed| {
            let mut p = GenParams::small(12);
            p.held_percent = 10;
            random_stream(seed, p)
        })
        .collect();
    for seed in 1..=3 {
        streams.extend(torq_sched::corpus::family("shared-weights", 12, seed));
        streams.extend(torq_sched::corpus::family("reduce-tiles", 27, seed));
        streams.push(torq_sched::corpus::tables_across_tiles(4, seed));
    }
    streams.push(torq_sched::corpus::lm_head(40));
    // A table read by four programs, loaded again (after every reader's
    // wait), then read by two more.
    let mut b = StreamBuilder::new(2);
    let (src, out) = (b.xram("src", 64), b.xram("out", 64));
    let t = b.lram("t", 64);
    b.load("L1", 10, src, t);
    let mut readers = Vec::new();
    for k in 0..4 {
        let o = b.lram(&format!("o{k}"), 8);
        readers.push(b.start(&format!("R{k}"), 50, &[t], &[o], k % 2));
    }
    for &r in &readers {
        b.wait(r);
    }
    b.load("L2", 10, src, t);
    for k in 4..6 {
        let o = b.lram(&format!("o{k}"), 8);
        let r = b.start(&format!("R{k}"), 50, &[t], &[o], k % 2);
        b.wait(r);
        b.store(&format!("S{k}"), 5, o, out);
    }
    let table = b.build();
    {
        let g = StreamGraph::build(&table);
        let id = |name: &str| table.nodes.iter().position(|n| n.name == name).unwrap();
        let has = |a: &str, c: &str| g.edges().iter().any(|e| (e.0, e.1) == (id(a), id(c)));
        for k in 0..4 {
            assert!(
                has(&format!("wait R{k}"), "L2"),
                "R{k} reads t before L2 rewrites it"
            );
            assert!(has("L1", &format!("start R{k}")));
        }
        assert!(has("L2", "start R4") && has("L2", "start R5"));
        assert!(!has("L1", "start R4"));
    }
    streams.push(table);
    let mut shared = 0;
    for s in &streams {
        let g = StreamGraph::build(s);
        let all: BTreeSet<(usize, usize)> = g.edges().iter().map(|e| (e.0, e.1)).collect();
        let memory: BTreeSet<(usize, usize)> = g
            .edges()
            .iter()
            .filter(|e| e.2 == EdgeKind::Memory)
            .map(|e| (e.0, e.1))
            .collect();
        let want = reference(s);
        assert!(want.is_subset(&all), "an edge of the rule is missing");
        assert!(
            memory.is_subset(&want),
            "a memory edge the rule does not give"
        );
        // Some buffer is read by three programs or more.
        let readers = |b: usize| {
            s.programs
                .iter()
                .filter(|p| {
                    s.nodes[p.start]
                        .accesses
                        .iter()
                        .any(|a| a.buffer == b && !a.write)
                })
                .count()
        };
        shared += usize::from((0..s.buffers.len()).any(|b| readers(b) >= 3));
    }
    assert!(
        shared >= 4,
        "only {shared} blocks share a buffer among programs"
    );
}
