//! The placer on MiniMalloc's challenging instances (benches/minimalloc/):
//! I and J (which the pipeline's placer did not place at 10^6 nodes before
//! its section floors were exact and its preorders MiniMalloc's; I is a
//! perfect packing, max live = 1 MiB) place within 40,000 nodes
//! each at 1 MiB, and the placement passes the pairwise check. Two of
//! eleven, for the time of a debug build; the bench runs all eleven
//! (`cargo bench --bench minimalloc`). The pipeline's own packing questions
//! (benches/pipeline-packings/) are pinned by an insta snapshot: outcome,
//! height and search nodes, instance by instance.

use torq_sched::alloc::pack::{pack, read_minimalloc, valid, Outcome};
use torq_sched::corpus::minimalloc_dir;

#[test]
fn the_hardest_challenging_instances_place_within_a_small_budget() {
    for name in ["I", "J"] {
        let path = minimalloc_dir().join(format!("{name}.1048576.csv"));
        let text = std::fs::read_to_string(&path).expect("a vendored instance");
        let items = read_minimalloc(&text).expect("a vendored instance");
        let p = pack(&items, 1 << 20, 1, 40_000);
        assert_eq!(p.outcome, Outcome::Placed, "{name}: {} nodes", p.nodes);
        assert!(valid(&items, &p.offsets, 1 << 20, 1), "{name}");
        assert!(p.height <= 1 << 20);
    }
}

/// The swap-free question of reduce-tiles-60-s1's best list schedule
/// (tests/data/reduce-tiles-60-swap-free.csv: 128 buffers, weight tiles of
/// 41-45% of LRAM in a chain with small outputs living across them, the live
/// bytes 99.5% of the 523,008 usable bytes; CP-SAT places it). The static
/// preorders alone leave it unplaced at 10^6 nodes; with the shaken restarts
/// it places within the budget the pipeline gives the question by default
/// (`offline::swap_free_nodes` of `torq-placement-nodes`).
#[test]
fn a_tight_pipeline_instance_places_within_the_default_budget() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/reduce-tiles-60-swap-free.csv");
    let text = std::fs::read_to_string(&path).expect("a test instance");
    let items = read_minimalloc(&text).expect("a test instance");
    let capacity = 523_008;
    let budget = torq_sched::alloc::offline::swap_free_nodes(
        torq_sched::option_table::defaults::TORQ_PLACEMENT_NODES as u64,
    );
    let p = pack(&items, capacity, 64, budget);
    assert_eq!(p.outcome, Outcome::Placed, "{} nodes", p.nodes);
    assert!(valid(&items, &p.offsets, capacity, 64));
}

/// The packer's search, pinned: every packing question the corpus's blocks
/// ask the pipeline (benches/pipeline-packings/, `NAME.CAPACITY.ALIGN.csv`),
/// at the budget a question without swaps gets by default, gives the same
/// outcome, height and search nodes as the snapshot. A change to the
/// search's speed must leave every line as it is; a change to its order or
/// pruning shows here, instance by instance.
#[test]
fn the_pipelines_packing_questions_take_the_pinned_nodes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/pipeline-packings");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("benches/pipeline-packings")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "csv"))
        .collect();
    files.sort();
    assert!(files.len() > 100, "{} instances", files.len());
    let budget = torq_sched::alloc::offline::swap_free_nodes(
        torq_sched::option_table::defaults::TORQ_PLACEMENT_NODES as u64,
    );
    let mut lines = Vec::new();
    for f in &files {
        let name = f.file_name().and_then(|n| n.to_str()).expect("a name");
        let parts: Vec<&str> = name.split('.').collect();
        let [stem, cap, align, "csv"] = parts[..] else {
            panic!("{name}: not NAME.CAPACITY.ALIGN.csv");
        };
        let (capacity, align): (u64, u64) = (cap.parse().unwrap(), align.parse().unwrap());
        let items = read_minimalloc(&std::fs::read_to_string(f).unwrap()).unwrap();
        let p = pack(&items, capacity, align, budget);
        if p.outcome == Outcome::Placed {
            assert!(valid(&items, &p.offsets, capacity, align), "{name}");
        }
        lines.push(format!(
            "{stem}: {} items, {:?}, height {}, {} nodes",
            items.len(),
            p.outcome,
            p.height,
            p.nodes
        ));
    }
    insta::assert_snapshot!(lines.join("\n"));
}
