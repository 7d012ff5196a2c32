//! The placer on MiniMalloc's challenging instances (benches/minimalloc/):
//! I and J (which the pipeline's placer did not place at 10^6 nodes before
//! its section floors were exact and its preorders MiniMalloc's; I is a
//! perfect packing, max live = 1 MiB) place within 20,000 nodes
//! each at 1 MiB, and the placement passes the pairwise check. Two of
//! eleven, for the time of a debug build; the bench runs all eleven
//! (`cargo bench --bench minimalloc`).

use torq_sched::alloc::pack::{pack, valid, Outcome};
use torq_sched::corpus::{minimalloc_dir, read_minimalloc};

#[test]
fn the_hardest_challenging_instances_place_within_a_small_budget() {
    for name in ["I", "J"] {
        let path = minimalloc_dir().join(format!("{name}.1048576.csv"));
        let text = std::fs::read_to_string(&path).expect("a vendored instance");
        let items = read_minimalloc(&text).expect("a vendored instance");
        let p = pack(&items, 1 << 20, 1, 20_000);
        assert_eq!(p.outcome, Outcome::Placed, "{name}: {} nodes", p.nodes);
        assert!(valid(&items, &p.offsets, 1 << 20, 1), "{name}");
        assert!(p.height <= 1 << 20);
    }
}
