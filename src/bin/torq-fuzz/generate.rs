//! The generative, differential half of torq-fuzz (`--generate N`): valid
//! modules made from scratch, run through every algorithm and policy, each
//! result checked by code that does not share the pass's reasoning.
//!
//! A module holds one to three functions, each a random stream
//! (`sched::gen::mixed_lram_streams`: program DAGs of 2 to 14 programs,
//! shared weights, stores in the middle, held slices, and targets of 16, 64
//! and 512 KiB of LRAM so that input orders go over LRAM) written in
//! upstream syntax (`corpus::Style`), with weights as arguments or as
//! read-only map_bindings, some LRAM buffers padded and strided (2-D `enc`
//! encodings), some transfers split in two through `memref.subview`s.
//! Every module runs through `torq-nss-pipeline` with
//! `torq-prefetch-algorithm=none` (the baseline), at its defaults (auto),
//! and with stream-schedule under fifo, portfolio and the higher effort
//! (`torq-prefetch-effort=3`: the search with the oracle's gap), each with
//! a report; then these must hold:
//!
//! - every run exits 0 with no "internal error" (a module whose input order
//!   does not allocate, without prefetch, is skipped: the generator does not
//!   bound live LRAM);
//! - every output passes `torq-verify-lram`;
//! - per block, the makespan of the output (simulateStream on the IR after
//!   the pipeline) is never above the baseline's, and the report's
//!   `after_allocation` (the plain price) equals it;
//! - per block, search <= portfolio <= fifo after allocation;
//! - per block, the search with offline placement (the default) is no
//!   slower than the same search with `torq-placement=first-fit` (the
//!   decision's first-fit track), and the blocks where it is faster are
//!   counted for the summary;
//! - the order PrefetchInputs commits (search, run alone, locations kept)
//!   passes `sched::check::check_order` against the input's stream, which
//!   derives the dependences by brute force: ops are matched by location.
//!
//! - a dealloc of a running program's buffer, inserted after its start (at
//!   the top level, or inside `scf.if` for half the modules), is rejected by
//!   the pipeline and by the standalone passes with the located error of
//!   the rule (`ir::facts`), exit 1.
//!
//! Half the modules keep a third of their programs in flight across the
//! next program's transfers; some programs are never waited for, taking
//! nothing, an earlier output they read, a new LRAM buffer they write, or
//! both (the buffers live to the block's end); a quarter of the functions
//! go on in a second block (programs without buffers, one never waited
//! for). Some transfers move four chunks through XRAM strides (the same
//! bytes, or a broadcast load of the first chunk), some stores stand inside
//! `scf.if`, and a fifth of the functions start a program whose invocation
//! is a function argument (its executor unknown: a barrier).
//!
//! Budgets are counted in work (the oracle's wall-clock cap is set out of
//! reach; 2000 solver steps, 4000 improvement moves), so a run is
//! deterministic.

use super::{makespans, run, Args};
use std::collections::HashMap;
use std::path::Path;
use torq_sched::cost::Hw;
use torq_sched::ir::OpExt;
use torq_sched::sched::check::check_order;

/// Generated modules skipped because their input order does not allocate.
pub static SKIPPED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Functions generated with a program in flight across a transfer, with a
/// second block, and in-flight-rule cases checked (for the summary: a
/// shape that never occurs tests nothing).
pub static IN_FLIGHT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static TWO_BLOCKS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static HELD_BUFFERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static RULE_CASES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static NESTED_RULE_CASES: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);
pub static STRIDED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
/// Blocks compared between offline placement and first fit (under the
/// search), and those offline made faster.
pub static BLOCKS_PLACED_BOTH: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);
pub static OFFLINE_FASTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static NESTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
pub static ARGUMENT_INVOCATIONS: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

/// True when some program of `s` is still in flight (started, not yet
/// waited for) at a load or a store.
fn in_flight_at_transfer(s: &torq_sched::sched::stream::Stream) -> bool {
    s.programs
        .iter()
        .any(|p| p.wait != usize::MAX && s.nodes[p.start..p.wait].iter().any(|n| n.kind.is_dma()))
}

/// A generated module: its text, its target and its functions' names.
pub struct Generated {
    pub text: String,
    pub hw: String,
    pub functions: Vec<String>,
}

/// The module of generated case `i`.
pub fn module(seed: u64, i: usize) -> Generated {
    // Half the modules keep programs in flight across transfers (a third
    // of their programs).
    let in_flight = if i % 2 == 1 { 33 } else { 0 };
    let cases = torq_sched::sched::gen::mixed_lram_streams_in_flight(
        seed.wrapping_add(i as u64 * 7919),
        3,
        in_flight,
    );
    let (lram_kb, _) = cases[i % 3];
    let functions = 1 + i % 3;
    let mut text = String::new();
    let mut names = Vec::new();
    for (k, (_, s)) in cases.iter().cycle().skip(i % 3).take(functions).enumerate() {
        // The same LRAM class for all functions of a module (one target).
        let s = if k == 0 {
            s.clone()
        } else {
            torq_sched::sched::gen::mixed_lram_streams_in_flight(
                seed ^ (i * 31 + k) as u64,
                3,
                in_flight,
            )[i % 3]
                .1
                .clone()
        };
        let name = format!("g{i}_{k}");
        // Layouts vary by case: a third of the functions plain, the rest
        // with padded 2-D encodings and transfers split through subviews.
        let style = torq_sched::corpus::Style {
            constant_weights: (i + k) % 2 == 1,
            padded_every: [0, 3, 2][(i / 2 + k) % 3],
            split_every: [0, 2, 5][(i / 3 + k) % 3],
            strided_every: [0, 3, 2, 0][(i / 5 + k) % 4],
            nested_every: [0, 2, 0, 1][(i / 7 + k) % 4],
        };
        let f = torq_sched::corpus::stream_to_mlir_with(&s, &name, style);
        if f.contains("strides_bytes = array<i64: ") {
            STRIDED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        if f.contains("scf.if %true {") {
            NESTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        // A fifth of the functions start a program of an invocation that is
        // a function argument (its executor unknown: a barrier) after their
        // first wait, and wait for it before they return.
        let f = if (i + 2 * k) % 5 == 4 {
            match argument_invocation(&f) {
                Some(g) => {
                    ARGUMENT_INVOCATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    g
                }
                None => f,
            }
        } else {
            f
        };
        // A quarter of the functions go on in a second block: programs of
        // no LRAM buffers (a buffer lives in the block that allocates it,
        // and LRAM is placed for the entry block), one never waited for.
        if in_flight_at_transfer(&s) {
            IN_FLIGHT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        if s.nodes
            .iter()
            .any(|n| n.holds_slice.is_some() && !n.accesses.is_empty())
        {
            HELD_BUFFERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        text += &if (i + k) % 4 == 3 {
            TWO_BLOCKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            second_block(&f)
        } else {
            f
        };
        text += "\n";
        names.push(name);
    }
    Generated {
        text,
        hw: format!("0:{lram_kb}:2:coral_v1:nss_v1"),
        functions: names,
    }
}

/// `func` (one function as the corpus writes it, ending in `return`) with
/// a second block: two programs without buffers, on slices 0 and 1, the
/// second never waited for.
fn second_block(func: &str) -> String {
    let profile = |c: u32| {
        format!(
            "    \"torq_hw.slice_profiling\"() <{{max_cycle = {c} : i32, slice_mem = 0 : i32, slice_meminfo = \"\", slice_ndl_cycles = #torq_hw<ndl_cycles dedr({c}) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}}> : () -> ()\n"
        )
    };
    let mut tail = String::from("  cf.br ^tail\n^tail:\n");
    for (k, c) in [(0u32, 300u32), (1, 50)] {
        tail += &format!(
            "  %tp{k} = torq_hl.program \"T{k}\" : !torq_hl.program<slice> {{\n{}    torq_hl.return\n  }}\n",
            profile(c)
        );
        tail += &format!("  %ti{k} = torq_hl.create_invocation \"T{k}\" program(%tp{k} : !torq_hl.program<slice>) on {k} : !torq_hl.invocation<slice>\n");
        tail += &format!("  torq_hl.start_program %ti{k} : !torq_hl.invocation<slice> args( : )\n");
    }
    tail += "  torq_hl.wait_program %ti0 : !torq_hl.invocation<slice>\n";
    match func.rfind("  return\n}") {
        Some(at) => format!("{}{tail}{}", &func[..at], &func[at..]),
        None => func.to_string(),
    }
}

/// `func` (one function as the corpus writes it) with one more argument,
/// an invocation: its program starts after the function's first wait and
/// is waited for before `return`. None when the function has no wait.
fn argument_invocation(func: &str) -> Option<String> {
    let open = func.find(") {\n")?;
    let wait = func.find("  torq_hl.wait_program ")?;
    let wait_end = wait + func[wait..].find('\n')? + 1;
    let ret = func.rfind("  return\n}")?;
    if ret < wait_end {
        return None;
    }
    let ty = "!torq_hl.invocation<slice>";
    Some(format!(
        "{}, %arginv: {ty}{}  torq_hl.start_program %arginv : {ty} args( : )\n{}  torq_hl.wait_program %arginv : {ty}\n{}",
        &func[..open],
        &func[open..wait_end],
        &func[wait_end..ret],
        &func[ret..]
    ))
}

/// `text` with a `memref.dealloc` of the first LRAM buffer a program takes
/// inserted right after its start (inside the program's window): the rule
/// every pass enforces; with `nested`, the dealloc is inside `scf.if` (it
/// counts where the `scf.if` stands). None when no start takes an LRAM
/// buffer.
fn dealloc_in_flight(text: &str, nested: bool) -> Option<String> {
    let mut out = String::new();
    let mut done = false;
    for line in text.lines() {
        out += line;
        out += "\n";
        if done || !line.trim_start().starts_with("torq_hl.start_program") {
            continue;
        }
        let Some(args) = line.find("args(%l") else {
            continue;
        };
        let rest = &line[args + "args(".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| *c == '%' || c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        // The first type after " : ", up to its closing '>' at depth 0.
        let Some(colon) = rest.find(" : ") else {
            continue;
        };
        let ty_text = &rest[colon + 3..];
        let mut depth = 0i32;
        let mut end = None;
        for (k, c) in ty_text.char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(k + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        let dealloc = format!("memref.dealloc {name} : {}", &ty_text[..end]);
        if nested {
            out += &format!(
                "  %rule_true = arith.constant true\n  scf.if %rule_true {{\n    {dealloc}\n  }}\n"
            );
        } else {
            out += &format!("  {dealloc}\n");
        }
        done = true;
    }
    done.then_some(out)
}

/// The (line, column) of a printed location `loc("file":L:C)`.
fn line_col(loc: &str) -> Option<(u32, u32)> {
    let mut it = loc.trim_end_matches(')').rsplit(':');
    let col = it.next()?.parse().ok()?;
    let line = it.next()?.parse().ok()?;
    Some((line, col))
}

/// The committed order of every block of `out` (printed with locations)
/// checked against the streams of `input` by the brute-force checker.
fn check_orders(ctx: &melior::Context, input: &str, out: &str, hw: &Hw) -> Result<(), String> {
    use melior::ir::operation::OperationLike;
    use melior::ir::{BlockLike, Module, RegionLike};
    let a = Module::parse(ctx, input).ok_or("the input does not parse")?;
    let b = Module::parse(ctx, out).ok_or("the output does not parse")?;
    let (mut fa, mut fb) = (a.body().first_operation(), b.body().first_operation());
    while let (Some(f), Some(g)) = (fa, fb) {
        let (Some(ba), Some(bb)) = (
            f.region_at(0).and_then(|r| r.first_block()),
            g.region_at(0).and_then(|r| r.first_block()),
        ) else {
            break;
        };
        let sa = torq_sched::ir::stream::block_to_stream(ba, hw).map_err(|e| e.message)?;
        let sb = torq_sched::ir::stream::block_to_stream(bb, hw).map_err(|e| e.message)?;
        let node_at: HashMap<(u32, u32), usize> = sa
            .ops
            .iter()
            .enumerate()
            .filter_map(|(v, op)| Some((line_col(&op.location().to_string())?, v)))
            .collect();
        let order: Vec<usize> = sb
            .ops
            .iter()
            .map(|op| {
                line_col(&op.location().to_string())
                    .and_then(|lc| node_at.get(&lc).copied())
                    .ok_or_else(|| format!("an output op of no input op: {}", op.location()))
            })
            .collect::<Result<_, _>>()?;
        let mut slice_of = sa.stream.input_slices();
        for q in &sb.stream.programs {
            let start = order[q.start];
            if let Some(p) = sa.stream.programs.iter().position(|p| p.start == start) {
                slice_of[p] = q.input_slice;
            }
        }
        check_order(&sa.stream, &order, &slice_of).map_err(|e| {
            format!(
                "@{}: the committed order breaks {}",
                torq_sched::ir::attr_str(&f, "sym_name").unwrap_or_default(),
                e[0]
            )
        })?;
        fa = f.next_in_block();
        fb = g.next_in_block();
    }
    Ok(())
}

/// The first check generated module `text` fails, as `config: what`.
pub fn check(a: &Args, ctx: &melior::Context, dir: &Path, g: &Generated) -> Option<String> {
    let (text, hw) = (g.text.as_str(), g.hw.as_str());
    let input = dir.join("gen.mlir");
    std::fs::write(&input, text).ok()?;
    let hw_desc = Hw::parse(hw).ok()?;
    // Work budgets only, a tenth of the defaults' for the improvement
    // search (debug builds; the invariants hold at any budget).
    let common = format!(
        "torq-hw={hw} torq-oracle-time-limit-ms=100000000 torq-oracle-steps=2000 torq-improve-moves=4000"
    );
    let configs: [(&str, String); 5] = [
        ("none", "torq-prefetch-algorithm=none".into()),
        ("default", String::new()),
        (
            "fifo",
            "torq-prefetch-algorithm=stream-schedule torq-list-policy=fifo".into(),
        ),
        (
            "portfolio",
            "torq-prefetch-algorithm=stream-schedule torq-list-policy=portfolio".into(),
        ),
        (
            "search",
            "torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3".into(),
        ),
    ];
    let mut spans: Vec<Vec<u64>> = Vec::new();
    for (k, (cfg, opts)) in configs.iter().enumerate() {
        let report = dir.join(format!("gen-{k}.json"));
        let pipeline = format!(
            "--torq-nss-pipeline={common} {opts} torq-prefetch-report={}",
            report.display()
        );
        let r = run(&a.torq_opt, &input, &[pipeline], a.timeout);
        if r.hung {
            return Some(format!("{cfg}: no answer within {:?}", a.timeout));
        }
        // A module whose input order itself does not allocate is not a
        // case (the generator does not bound live LRAM): skipped.
        if k == 0 && r.code == Some(1) && r.stderr.contains("failed to allocate LRAM addresses") {
            SKIPPED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return None;
        }
        if r.code != Some(0) || super::internal_error(&r.stderr) {
            return Some(format!(
                "{cfg}: exit {:?} on a valid module: {}",
                r.code,
                r.stderr.lines().next().unwrap_or("")
            ));
        }
        let out = dir.join("gen.out.mlir");
        std::fs::write(&out, &r.stdout).ok()?;
        let v = run(
            &a.torq_opt,
            &out,
            &[format!("--torq-verify-lram=torq-hw={hw}")],
            a.timeout,
        );
        if v.code != Some(0) {
            return Some(format!("{cfg}: the output fails torq-verify-lram"));
        }
        let Some(m) = makespans(ctx, &r.stdout, &hw_desc) else {
            return Some(format!("{cfg}: the output cannot be simulated"));
        };
        if *cfg != "none" {
            let base = &spans[0];
            if m.iter().zip(base).any(|(x, y)| x > y) {
                return Some(format!(
                    "{cfg}: slower than without prefetch ({m:?} > {base:?})"
                ));
            }
            // The report's plain price equals the IR path, block by block
            // (functions in file order, as makespans lists them).
            let rep: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&report).ok()?).ok()?;
            let priced: Vec<Option<u64>> = g
                .functions
                .iter()
                .flat_map(|name| {
                    rep["functions"][name]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                })
                .map(|b| b["after_allocation"].as_u64())
                .collect();
            for (i, (p, x)) in priced.iter().zip(&m).enumerate() {
                if let Some(p) = p {
                    if p != x {
                        return Some(format!(
                            "{cfg}: block {i}: the report says {p} cycles after allocation, the output takes {x}"
                        ));
                    }
                }
            }
        }
        spans.push(m);
    }
    // search <= portfolio <= fifo, block by block.
    let (fifo, portfolio, search) = (&spans[2], &spans[3], &spans[4]);
    for i in 0..fifo.len() {
        if portfolio[i] > fifo[i] || search[i] > portfolio[i] {
            return Some(format!(
                "block {i}: fifo {} portfolio {} search {}: a policy lost to one it includes",
                fifo[i], portfolio[i], search[i]
            ));
        }
    }
    // Offline placement (the default) against first fit under the same
    // search (issue 43 item 6): never slower, block by block.
    let ff = run(
        &a.torq_opt,
        &input,
        &[format!(
            "--torq-nss-pipeline={common} torq-prefetch-algorithm=stream-schedule torq-prefetch-effort=3 torq-placement=first-fit"
        )],
        a.timeout,
    );
    if ff.code == Some(0) {
        if let Some(m) = makespans(ctx, &ff.stdout, &hw_desc) {
            for (i, (&off, &first_fit)) in search.iter().zip(&m).enumerate() {
                BLOCKS_PLACED_BOTH.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if off > first_fit {
                    return Some(format!(
                        "block {i}: offline placement {off} cycles, first fit {first_fit}: \
                         the default lost to torq-placement=first-fit"
                    ));
                }
                if off < first_fit {
                    OFFLINE_FASTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
    }
    // The rule every pass enforces, broken on purpose: a dealloc of a
    // running program's buffer is one located error (exit 1, no internal
    // error), in the pipeline and in the standalone passes.
    let nested = text.len() % 2 == 1;
    if let Some(bad) = dealloc_in_flight(text, nested) {
        let path = dir.join("gen.bad.mlir");
        std::fs::write(&path, bad).ok()?;
        for (what, args) in [
            ("pipeline", vec![format!("--torq-nss-pipeline={common}")]),
            (
                "standalone",
                vec![
                    "--torq-add-deallocation".to_string(),
                    format!("--torq-assign-lram-addresses=torq-hw={hw}"),
                ],
            ),
        ] {
            let r = run(&a.torq_opt, &path, &args, a.timeout);
            if r.hung {
                return Some(format!(
                    "in-flight rule ({what}): no answer within {:?}",
                    a.timeout
                ));
            }
            if r.code != Some(1)
                || super::internal_error(&r.stderr)
                || !r.stderr.contains("until its wait")
            {
                return Some(format!(
                    "in-flight rule ({what}): a dealloc of a running program's buffer gave exit {:?}: {}",
                    r.code,
                    r.stderr.lines().next().unwrap_or("")
                ));
            }
        }
        RULE_CASES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if nested {
            NESTED_RULE_CASES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
    // The committed order against a brute-force re-derivation.
    let alone = format!("--torq-prefetch-inputs=torq-prefetch-algorithm=stream-schedule {common}");
    let r = run(
        &a.torq_opt,
        &input,
        &[
            "--torq-annotate-dma-and-slice-cycles".into(),
            alone,
            "--mlir-print-debuginfo".into(),
        ],
        a.timeout,
    );
    if r.code != Some(0) {
        return Some(format!("prefetch alone: exit {:?}", r.code));
    }
    check_orders(ctx, text, &r.stdout, &hw_desc)
        .err()
        .map(|e| format!("order: {e}"))
}
