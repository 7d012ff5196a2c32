//! Upstream-syntax MLIR from a `sched::stream::Stream`: the corpus
//! generator's back end, also used by property tests and benchmarks.
//!
//! XRAM buffers become function arguments, LRAM buffers `memref.alloc`s at
//! the place of their alloc node, loads and stores `torq_hl.load/store` of
//! whole buffers, each program a `torq_hl.program` whose one slice task
//! reads its read buffers (d group) and writes its written ones (q group),
//! with one NDL of `compute` H steps, so the cost model gives back the
//! stream's compute; barriers other than the last become `torq_hl.host_copy`
//! between two scratch XRAM arguments. Durations of transfers come back from
//! the cost model (bytes), not from the stream.

#![allow(
    clippy::arithmetic_side_effects,
    reason = "a generator of test inputs (testkit), not the product path: its sizes are small constants"
)]

use crate::sched::stream::{Kind, Stream};
use std::fmt::Write;

fn lram_ty(bytes: u64) -> String {
    format!("memref<{bytes}xi8, #torq_hl<enc mem_space = lram>>")
}

/// How `stream_to_mlir_with` writes a stream's buffers and transfers. The
/// default is the plainest text: 1-D buffers, whole-buffer transfers,
/// weights as arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// XRAM buffers nothing writes become read-only `torq_hl.map_binding`s
    /// instead of arguments: constant data, which constant-loads moves.
    pub constant_weights: bool,
    /// Every `padded_every`-th LRAM buffer (by index; 0: none) gets, where
    /// its size allows (`padded_layout`), a 2-D encoding whose row stride
    /// exceeds its row and whose backing buffer is padded (`enc ... counts
    /// strides padding`): the allocator reserves 24 bytes more than the DMA
    /// moves, and the transfers' XRAM side is a `memref.reinterpret_cast`
    /// of the same shape and strides.
    pub padded_every: usize,
    /// Every `split_every`-th transfer (by node index; 0: none) between
    /// 1-D buffers of even size becomes two transfers of the halves, each
    /// between `memref.subview`s of both sides.
    pub split_every: usize,
    /// Every `strided_every`-th whole transfer (by node index; 0: none)
    /// between 1-D buffers of a size divisible by 4 moves four chunks
    /// through XRAM strides: a store's (and every other load's) strides are
    /// the chunk (the same bytes), the others' loads are a broadcast of the
    /// first chunk (stride 0).
    pub strided_every: usize,
    /// Every `nested_every`-th store (by node index; 0: none) is written
    /// inside `scf.if` on a constant true condition: a nested op, which
    /// counts where its `scf.if` stands.
    pub nested_every: usize,
}

/// The 2-D padded encoding of an LRAM buffer of `bytes` data bytes (what
/// upstream's transfers move: 1 + sum((dim - 1) * stride) elements), when
/// there is one with 8, 4 or 2 rows whose stride is its row plus 8:
/// (rows, columns, row stride, padding).
fn padded_layout(bytes: u64) -> Option<(u64, u64, u64, u64)> {
    [8u64, 4, 2].into_iter().find_map(|rows| {
        let gaps = 8 * (rows - 1);
        let cols = bytes.checked_sub(gaps).filter(|r| r % rows == 0)? / rows;
        (cols > 0).then_some((rows, cols, cols + 8, 16))
    })
}

fn xram_ty(bytes: u64) -> String {
    format!("memref<{bytes}xi8>")
}

/// One `func.func @name` holding `stream`.
pub fn stream_to_mlir(stream: &Stream, name: &str) -> String {
    stream_to_mlir_with(stream, name, Style::default())
}

/// `stream_to_mlir` in a `Style`. A padded buffer's `Buffer::bytes` are
/// its data bytes (what its transfers move); the allocator reserves its
/// encoded size.
pub fn stream_to_mlir_with(stream: &Stream, name: &str, style: Style) -> String {
    let constant_weights = style.constant_weights;
    let mut out = String::new();
    let buf = &stream.buffers;
    let mut written = vec![false; buf.len()];
    for node in &stream.nodes {
        for a in node.accesses.iter().filter(|a| a.write) {
            written[a.buffer] = true;
        }
    }
    let constant = |b: usize| constant_weights && !buf[b].lram && !written[b];
    let xram: Vec<usize> = (0..buf.len()).filter(|&b| !buf[b].lram).collect();
    let mut args: Vec<String> = xram
        .iter()
        .filter(|&&b| !constant(b))
        .map(|&b| format!("%x{b}: {}", xram_ty(buf[b].bytes)))
        .collect();
    args.push("%h0: memref<8xi8>".into());
    args.push("%h1: memref<8xi8>".into());
    let _ = writeln!(out, "func.func @{name}({}) {{", args.join(", "));
    if style.nested_every > 0 {
        let _ = writeln!(out, "  %true = arith.constant true");
    }
    for (k, &b) in xram.iter().filter(|&&b| constant(b)).enumerate() {
        let _ = writeln!(
            out,
            "  %x{b} = \"torq_hl.map_binding\"() <{{binding_index = {k} : index, is_read_only = true, is_write_only = false, offset = 0 : index}}> : () -> {}",
            xram_ty(buf[b].bytes)
        );
    }
    let val = |b: usize| {
        if buf[b].lram {
            format!("%l{b}")
        } else {
            format!("%x{b}")
        }
    };
    let padded = |b: usize| {
        let every = style.padded_every;
        if buf[b].lram && every > 0 && b % every == every - 1 {
            padded_layout(buf[b].bytes)
        } else {
            None
        }
    };
    let ty = |b: usize| match (buf[b].lram, padded(b)) {
        (true, Some((rows, cols, stride, padding))) => {
            format!(
                "memref<{rows}x{cols}xi8, #torq_hl<enc mem_space = lram counts = [{rows}, {cols}] strides = [{stride}, 1] padding = {padding}>>"
            )
        }
        (true, None) => lram_ty(buf[b].bytes),
        (false, _) => xram_ty(buf[b].bytes),
    };
    // Which LRAM buffer each pure alloc node defines: the first buffer whose
    // first toucher uses it as an operand.
    let mut defined = vec![false; buf.len()];
    let mut alloc_of_node: Vec<Option<usize>> = vec![None; stream.nodes.len()];
    for node in &stream.nodes {
        for a in &node.accesses {
            if buf[a.buffer].lram && !defined[a.buffer] {
                if let Some(&def) = node.operands.iter().find(|&&o| {
                    stream.nodes[o].kind == Kind::Pure
                        && stream.nodes[o].name.starts_with("alloc")
                        && alloc_of_node[o].is_none()
                }) {
                    alloc_of_node[def] = Some(a.buffer);
                    defined[a.buffer] = true;
                }
            }
        }
    }
    let last = stream.nodes.len().saturating_sub(1);
    for (i, node) in stream.nodes.iter().enumerate() {
        match node.kind {
            Kind::Pure => {
                if let Some(b) = alloc_of_node[i] {
                    let _ = writeln!(out, "  %l{b} = memref.alloc() : {}", ty(b));
                }
            }
            Kind::Load | Kind::Store => {
                let src = node
                    .accesses
                    .iter()
                    .find(|a| !a.write)
                    .map(|a| a.buffer)
                    .unwrap_or(0);
                let dst = node
                    .accesses
                    .iter()
                    .find(|a| a.write)
                    .map(|a| a.buffer)
                    .unwrap_or(0);
                let (op, strides) = if node.kind == Kind::Load {
                    ("load", "input")
                } else {
                    ("store", "output")
                };
                let bytes = buf[src].bytes;
                let every = style.split_every;
                let split = every > 0
                    && i % every == every - 1
                    && bytes % 2 == 0
                    && bytes >= 2
                    && padded(src).is_none()
                    && padded(dst).is_none();
                if split {
                    // Two halves, each between subviews of both sides.
                    let h = bytes / 2;
                    for (k, off) in [(0, 0), (1, h)] {
                        let layout = if off == 0 {
                            "strided<[1]>".to_string()
                        } else {
                            format!("strided<[1], offset: {off}>")
                        };
                        let view = |b: usize| {
                            if buf[b].lram {
                                format!("memref<{h}xi8, {layout}, #torq_hl<enc mem_space = lram>>")
                            } else {
                                format!("memref<{h}xi8, {layout}>")
                            }
                        };
                        for (tag, b) in [("s", src), ("d", dst)] {
                            let _ = writeln!(
                                out,
                                "  %v{i}{tag}{k} = memref.subview {}[{off}] [{h}] [1] : {} to {}",
                                val(b),
                                ty(b),
                                view(b)
                            );
                        }
                        let _ = writeln!(
                            out,
                            "  torq_hl.{op} %v{i}s{k} : {} to %v{i}d{k} : {} {{{strides}_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = {h} : i64}}",
                            view(src),
                            view(dst)
                        );
                    }
                    continue;
                }
                // A padded LRAM side is 2-D and strided: the XRAM side is
                // viewed with the same shape and strides (the op's verifier
                // wants equal shapes; the data bytes are the same span).
                let (lram_side, xram_side) = if node.kind == Kind::Load {
                    (dst, src)
                } else {
                    (src, dst)
                };
                let (mut xv, mut xt) = (val(xram_side), ty(xram_side));
                if let Some((rows, cols, stride, _)) = padded(lram_side) {
                    let shaped = format!("memref<{rows}x{cols}xi8, strided<[{stride}, 1]>>");
                    let _ = writeln!(
                        out,
                        "  %e{i} = memref.reinterpret_cast {xv} to offset: [0], sizes: [{rows}, {cols}], strides: [{stride}, 1] : {xt} to {shaped}"
                    );
                    (xv, xt) = (format!("%e{i}"), shaped);
                }
                let (lv, lt) = (val(lram_side), ty(lram_side));
                let (from, to) = if node.kind == Kind::Load {
                    ((xv, xt), (lv, lt))
                } else {
                    ((lv, lt), (xv, xt))
                };
                // A strided LRAM side is not dense: upstream marks such a
                // transfer unsafe (its bytes bounded by the encoded sizes).
                let unsafe_ = if padded(lram_side).is_some() {
                    ", unsafe = true"
                } else {
                    ""
                };
                // Four chunks through XRAM strides: the chunk (the same
                // bytes), or 0 on every other load (a broadcast).
                let every = style.strided_every;
                let (shape, xstrides, chunk) = if every > 0
                    && i % every == every - 1
                    && bytes % 4 == 0
                    && bytes >= 4
                    && padded(lram_side).is_none()
                {
                    let q = bytes / 4;
                    let broadcast = node.kind == Kind::Load && (i / every) % 2 == 1;
                    let stride = if broadcast { 0 } else { q };
                    ("4".to_string(), stride.to_string(), q)
                } else {
                    (String::new(), String::new(), bytes)
                };
                let sep = |t: &str| {
                    if t.is_empty() {
                        String::new()
                    } else {
                        format!(": {t}")
                    }
                };
                let nested = style.nested_every > 0
                    && node.kind == Kind::Store
                    && i % style.nested_every == style.nested_every - 1;
                let indent = if nested { "    " } else { "  " };
                if nested {
                    let _ = writeln!(out, "  scf.if %true {{");
                }
                let _ = writeln!(
                    out,
                    "{indent}torq_hl.{op} {} : {} to {} : {} {{{strides}_strides_bytes = array<i64{}>, shape = array<i64{}>, element_size_bytes = {chunk} : i64{unsafe_}}}",
                    from.0,
                    from.1,
                    to.0,
                    to.1,
                    sep(&xstrides),
                    sep(&shape)
                );
                if nested {
                    let _ = writeln!(out, "  }}");
                }
            }
            Kind::Start => {
                let p = node.program.expect("a start has a program");
                let prog = &stream.programs[p];
                let (body, all) = program_body(node, &prog.name, prog.compute, &ty);
                let _ = write!(
                    out,
                    "  %p{p} = torq_hl.program \"{}\" : !torq_hl.program<slice> {{\n{body}  }}\n",
                    prog.name
                );
                let _ = writeln!(
                    out,
                    "  %i{p} = torq_hl.create_invocation \"{}\" program(%p{p} : !torq_hl.program<slice>) on {} : !torq_hl.invocation<slice>",
                    prog.name, prog.input_slice
                );
                let vals: Vec<String> = all.iter().map(|&b| val(b)).collect();
                let tys: Vec<String> = all.iter().map(|&b| ty(b)).collect();
                let args = format!(" args({} : {})", vals.join(", "), tys.join(", "));
                let _ = writeln!(
                    out,
                    "  torq_hl.start_program %i{p} : !torq_hl.invocation<slice>{args}"
                );
            }
            Kind::Wait => {
                let p = node.program.expect("a wait has a program");
                let _ = writeln!(
                    out,
                    "  torq_hl.wait_program %i{p} : !torq_hl.invocation<slice>"
                );
            }
            Kind::Barrier if i == last => {}
            Kind::Barrier if node.holds_slice.is_some() => {
                // A slice start that is never waited for, with the buffers
                // it reads and writes (to the end of the block).
                let s = node.holds_slice.unwrap_or(0);
                let (body, all) = if node.accesses.is_empty() {
                    ("    torq_hl.return\n".to_string(), Vec::new())
                } else {
                    program_body(node, &node.name, 1, &ty)
                };
                let _ = write!(
                    out,
                    "  %hp{i} = torq_hl.program \"{}\" : !torq_hl.program<slice> {{\n{body}  }}\n",
                    node.name
                );
                let _ = writeln!(
                    out,
                    "  %hi{i} = torq_hl.create_invocation \"{}\" program(%hp{i} : !torq_hl.program<slice>) on {s} : !torq_hl.invocation<slice>",
                    node.name
                );
                let vals: Vec<String> = all.iter().map(|&b| val(b)).collect();
                let tys: Vec<String> = all.iter().map(|&b| ty(b)).collect();
                let _ = writeln!(
                    out,
                    "  torq_hl.start_program %hi{i} : !torq_hl.invocation<slice> args({} : {})",
                    vals.join(", "),
                    tys.join(", ")
                );
            }
            Kind::Barrier => {
                let _ = writeln!(
                    out,
                    "  torq_hl.host_copy %h0 : memref<8xi8> to %h1 : memref<8xi8> {{output_strides_bytes = array<i64>, input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 8 : i64}}"
                );
            }
        }
    }
    let _ = writeln!(out, "  return\n}}");
    out
}

/// The body of a program started by `node` (its block arguments, one
/// slice task reading `D` and writing `Q`, of `compute` cycles), and the
/// buffers it takes in argument order: reads, then writes.
fn program_body(
    node: &crate::sched::stream::Node,
    name: &str,
    compute: u64,
    ty: &dyn Fn(usize) -> String,
) -> (String, Vec<usize>) {
    let reads: Vec<usize> = node
        .accesses
        .iter()
        .filter(|a| !a.write)
        .map(|a| a.buffer)
        .collect();
    let writes: Vec<usize> = node
        .accesses
        .iter()
        .filter(|a| a.write)
        .map(|a| a.buffer)
        .collect();
    let all: Vec<usize> = reads.iter().chain(&writes).copied().collect();
    let params: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(k, &b)| format!("%a{k}: {}", ty(b)))
        .collect();
    let group = |label: &str, range: std::ops::Range<usize>, bufs: &[usize]| -> String {
        if bufs.is_empty() {
            return String::new();
        }
        let vals: Vec<String> = range.clone().map(|k| format!("%a{k}")).collect();
        let tys: Vec<String> = bufs.iter().map(|&b| ty(b)).collect();
        format!("     {label} {} : {}\n", vals.join(", "), tys.join(", "))
    };
    let d = group("D", 0..reads.len(), &reads);
    let q = group("Q", reads.len()..all.len(), &writes);
    let mut body = String::new();
    if !params.is_empty() {
        let _ = writeln!(body, "  ^bb0({}):", params.join(", "));
    }
    // One memory NDL of `compute` H steps: the task costs `compute` cycles.
    let _ = write!(
        body,
        "    torq_hw.slice_task{{\n    op : \"{name}\"\n{d}{q}     CFG {{alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}}\n     [{{DEDR dims = [ D(H) [{}, affine_map<() -> (1)>]]}}]\n     []\n    }}\n    torq_hl.return\n",
        compute.max(1)
    );
    (body, all)
}

use crate::sched::build::StreamBuilder;
use crate::sched::stream::BufferId;

const KB: u64 = 1024;

/// An LM head: one large int4 matmul whose weight streams through LRAM in
/// `tiles` tiles of 64 KB (128K int4 weights each); the activation (4 KB)
/// is loaded once and read by every tile; each tile writes 1 KB of logits,
/// stored at once. DMA-bound: a tile loads in ~13.8k cycles, computes in 9k.
pub fn lm_head(tiles: usize) -> Stream {
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 4 * KB);
    let act = b.lram("act", 4 * KB);
    b.load("Lx", 0, x, act);
    for t in 0..tiles {
        let w = b.xram(&format!("w{t}"), 64 * KB);
        let wl = b.lram(&format!("wl{t}"), 64 * KB);
        b.load(&format!("L{t}"), 0, w, wl);
        let o = b.lram(&format!("o{t}"), KB);
        let p = b.start(&format!("mm{t}"), 9_000, &[act, wl], &[o], 0);
        b.wait(p);
        let y = b.xram(&format!("y{t}"), KB);
        b.store(&format!("S{t}"), 0, o, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// A transformer decoder layer whose weights exceed LRAM: seven matmuls
/// (q, k, v, o, gate, up, down) with weights of 192 KB to 768 KB, each
/// streamed in 96 KB tiles, an attention program between o and the FFN, and
/// 16 KB activations that chain the layers.
pub fn decoder_layer() -> Stream {
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 16 * KB);
    let mut act = b.lram("h0", 16 * KB);
    b.load("Lx", 0, x, act);
    let layers: [(&str, u64); 7] = [
        ("q", 192),
        ("k", 192),
        ("v", 192),
        ("o", 192),
        ("gate", 768),
        ("up", 768),
        ("down", 768),
    ];
    for (i, (name, weight_kb)) in layers.iter().enumerate() {
        let tiles = weight_kb.div_ceil(96) as usize;
        let out = b.lram(&format!("h{}", i + 1), 16 * KB);
        for t in 0..tiles {
            let w = b.xram(&format!("w{name}{t}"), 96 * KB);
            let wl = b.lram(&format!("w{name}{t}l"), 96 * KB);
            b.load(&format!("L{name}{t}"), 0, w, wl);
            let p = b.start(&format!("{name}{t}"), 15_000, &[act, wl], &[out], 0);
            b.wait(p);
        }
        if *name == "o" {
            let att = b.lram("att", 16 * KB);
            let p = b.start("attention", 30_000, &[out], &[att], 0);
            b.wait(p);
            act = att;
        } else {
            act = out;
        }
    }
    let y = b.xram("y", 16 * KB);
    b.store("Sy", 0, act, y);
    b.barrier("return", 0);
    b.build()
}

/// A small conv net: `layers` convolutions with small weights (2-18 KB) and
/// 96 KB activations in ping-pong, compute-bound (40k-60k cycles a layer).
pub fn conv_net(layers: usize) -> Stream {
    let mut b = StreamBuilder::new(2);
    let x = b.xram("img", 96 * KB);
    let mut act = b.lram("a0", 96 * KB);
    b.load("Limg", 0, x, act);
    for l in 0..layers {
        let wkb = 2 + (l as u64 * 4) % 17;
        let w = b.xram(&format!("k{l}"), wkb * KB);
        let wl = b.lram(&format!("k{l}l"), wkb * KB);
        b.load(&format!("Lk{l}"), 0, w, wl);
        let out = b.lram(&format!("a{}", l + 1), 96 * KB);
        let p = b.start(
            &format!("conv{l}"),
            40_000 + (l as u64 * 7_919) % 20_000,
            &[act, wl],
            &[out],
            0,
        );
        b.wait(p);
        act = out;
    }
    let y = b.xram("y", 96 * KB);
    b.store("Sy", 0, act, y);
    b.barrier("return", 0);
    b.build()
}

/// Cycles of a load of `bytes` at the SL2610 rate (4.75 B/cycle), for the
/// plain streams; the benchmark re-annotates from the IR anyway.
fn dma(bytes: u64) -> u64 {
    (bytes * 20).div_ceil(95)
}

/// One program reading `reads` and writing a fresh `out_kb` output, its
/// weights loaded first; returns the output.
fn program(
    b: &mut StreamBuilder,
    name: &str,
    weights_kb: u64,
    compute: u64,
    reads: &[BufferId],
    out_kb: u64,
) -> BufferId {
    let x = b.xram(&format!("{name}_w"), weights_kb * KB);
    let w = b.lram(&format!("{name}_wl"), weights_kb * KB);
    b.load(&format!("L{name}"), dma(weights_kb * KB), x, w);
    let out = b.lram(&format!("{name}_o"), out_kb * KB);
    let mut all = reads.to_vec();
    all.push(w);
    let p = b.start(name, compute, &all, &[out], 0);
    b.wait(p);
    out
}

/// Sizes and cycles of a shaped workload, as given (`plain`) or jittered.
type Jitter<'a> = &'a mut dyn FnMut(u64) -> u64;

fn plain(x: u64) -> u64 {
    x
}

/// A long dependent chain listed after independent work: FIFO runs the
/// short independent programs first and the chain alone at the end.
pub fn chain_after_independent(independent: usize, chain: usize) -> Stream {
    chain_after_independent_with(independent, chain, &mut plain)
}

fn chain_after_independent_with(independent: usize, chain: usize, j: Jitter) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..independent {
        program(&mut b, &format!("ind{i}"), j(8), j(3_000), &[], 2);
    }
    let mut prev: Vec<BufferId> = vec![];
    for c in 0..chain {
        prev = vec![program(
            &mut b,
            &format!("chain{c}"),
            j(16),
            j(12_000),
            &prev,
            4,
        )];
    }
    b.barrier("return", 0);
    b.build()
}

/// Programs whose load/compute ratios are opposite, in an unlucky order: the
/// transfer-heavy ones first, then the compute-heavy ones.
pub fn opposite_ratios(pairs: usize) -> Stream {
    opposite_ratios_with(pairs, &mut plain)
}

fn opposite_ratios_with(pairs: usize, j: Jitter) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..pairs {
        program(&mut b, &format!("dma{i}"), j(48), j(2_000), &[], 2);
    }
    for i in 0..pairs {
        program(&mut b, &format!("mac{i}"), j(2), j(10_000), &[], 2);
    }
    b.barrier("return", 0);
    b.build()
}

/// Many short programs and one long one, listed last.
pub fn short_then_long(short: usize) -> Stream {
    short_then_long_with(short, &mut plain)
}

fn short_then_long_with(short: usize, j: Jitter) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..short {
        program(&mut b, &format!("s{i}"), j(4), j(1_500), &[], 1);
    }
    program(&mut b, "long", 4, j(60_000), &[], 1);
    b.barrier("return", 0);
    b.build()
}

/// Weights of 30% to 50% of LRAM each: at most two fit at once.
pub fn big_weights(programs: usize) -> Stream {
    big_weights_with(programs, &mut plain)
}

fn big_weights_with(programs: usize, j: Jitter) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..programs {
        let kb = j(150 + (i as u64 * 37) % 100).min(250);
        let compute = j(20_000 + (i as u64 * 3_001) % 30_000);
        program(&mut b, &format!("big{i}"), kb, compute, &[], 4);
    }
    b.barrier("return", 0);
    b.build()
}

/// The budgets of TileAndFuse with stream-schedule (spec section 9): matmul
/// tiles against 40% of LRAM, other loops against 50%.
const MATMUL_TILE_KB: u64 = 512 * 40 / 100;
const LOOP_TILE_KB: u64 = 512 * 50 / 100;

/// A weight tile of about `kb` (jittered down by up to 10%, as tile sizes
/// round to the shapes' divisors), its matmul reading `reads` and writing
/// `out`; compute of about `cycles_per_kb` per KiB of weight.
fn tile(
    b: &mut StreamBuilder,
    rng: &mut crate::rng::Rng,
    name: &str,
    kb: u64,
    cycles_per_kb: u64,
    reads: &[BufferId],
    out: BufferId,
) {
    let kb = kb * rng.range(90, 100) / 100;
    let x = b.xram(&format!("{name}_w"), kb * KB);
    let w = b.lram(&format!("{name}_wl"), kb * KB);
    b.load(&format!("L{name}"), dma(kb * KB), x, w);
    let mut all = reads.to_vec();
    all.push(w);
    let cycles = kb * cycles_per_kb * rng.range(85, 115) / 100;
    let p = b.start(name, cycles, &all, &[out], 0);
    b.wait(p);
}

/// A projection tile of the decoder shapes: a 40% weight tile of `input`.
fn matmul(
    b: &mut StreamBuilder,
    rng: &mut crate::rng::Rng,
    name: &str,
    input: BufferId,
    out: BufferId,
) {
    tile(b, rng, name, MATMUL_TILE_KB, 150, &[input], out);
}

/// The gated MLP of `act`: gate and up projections (`tiles` each,
/// interleaved), their elementwise gate, the down projection; its outputs
/// are named with `suffix`. Returns the down projection's output.
fn gated_block(
    b: &mut StreamBuilder,
    rng: &mut crate::rng::Rng,
    tiles: usize,
    act: BufferId,
    suffix: &str,
) -> BufferId {
    let gate = b.lram(&format!("gate{suffix}"), 32 * KB);
    let up = b.lram(&format!("up{suffix}"), 32 * KB);
    for t in 0..tiles {
        matmul(b, rng, &format!("gate{t}"), act, gate);
        matmul(b, rng, &format!("up{t}"), act, up);
    }
    let h = b.lram("h", 32 * KB);
    let p = b.start("silu_mul", 20_000, &[gate, up], &[h], 0);
    b.wait(p);
    let down = b.lram(&format!("down{suffix}"), 16 * KB);
    for t in 0..tiles {
        matmul(b, rng, &format!("down{t}"), h, down);
    }
    down
}

/// An LM head tiled at the 40% budget: `tiles` weight tiles of 184-205 KiB,
/// one activation read by all, 2 KiB of logits per tile stored at once.
pub fn lm_head_40(tiles: usize, seed: u64) -> Stream {
    let mut rng = crate::rng::Rng::new(seed);
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 8 * KB);
    let act = b.lram("act", 8 * KB);
    b.load("Lx", dma(8 * KB), x, act);
    for t in 0..tiles {
        let o = b.lram(&format!("o{t}"), 2 * KB);
        tile(
            &mut b,
            &mut rng,
            &format!("lm{t}"),
            MATMUL_TILE_KB,
            160,
            &[act],
            o,
        );
        let y = b.xram(&format!("y{t}"), 2 * KB);
        b.store(&format!("S{t}"), dma(2 * KB), o, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// A gated MLP: gate and up projections (`tiles` 40% tiles each) of one
/// activation, the elementwise gate at the 50% loop budget, then the down
/// projection.
pub fn gated_mlp(tiles: usize, seed: u64) -> Stream {
    let mut rng = crate::rng::Rng::new(seed);
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 16 * KB);
    let act = b.lram("act", 16 * KB);
    b.load("Lx", dma(16 * KB), x, act);
    let down = gated_block(&mut b, &mut rng, tiles, act, "");
    let y = b.xram("y", 16 * KB);
    b.store("Sy", dma(16 * KB), down, y);
    b.barrier("return", 0);
    b.build()
}

/// A decoder layer at the 40/50% budgets: q, k, v, o, gate, up, down
/// projections in 40% tiles (`tiles` each; q and o twice as many), attention
/// and the norms as 50% loops with their own tables. q, k and v read the
/// first norm's output; attention reads all three.
pub fn decoder_layer_40_50(tiles: usize, seed: u64) -> Stream {
    let mut rng = crate::rng::Rng::new(seed);
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 16 * KB);
    let mut act = b.lram("h0", 16 * KB);
    b.load("Lx", dma(16 * KB), x, act);
    let loop_op =
        |b: &mut StreamBuilder, rng: &mut crate::rng::Rng, name: &str, inputs: &[BufferId]| {
            let kb = LOOP_TILE_KB * rng.range(60, 100) / 100;
            let t = b.xram(&format!("{name}_t"), kb * KB);
            let tl = b.lram(&format!("{name}_tl"), kb * KB);
            b.load(&format!("L{name}"), dma(kb * KB), t, tl);
            let out = b.lram(&format!("{name}_o"), 16 * KB);
            let reads: Vec<BufferId> = inputs.iter().copied().chain([tl]).collect();
            let p = b.start(name, kb * 120 * rng.range(85, 115) / 100, &reads, &[out], 0);
            b.wait(p);
            out
        };
    act = loop_op(&mut b, &mut rng, "norm1", &[act]);
    let mut qkv = Vec::new();
    for (name, n) in [("q", 2 * tiles), ("k", tiles), ("v", tiles)] {
        let out = b.lram(&format!("{name}_out"), 16 * KB);
        for t in 0..n {
            matmul(&mut b, &mut rng, &format!("{name}{t}"), act, out);
        }
        qkv.push(out);
    }
    act = loop_op(&mut b, &mut rng, "attention", &qkv);
    let o = b.lram("o_out", 16 * KB);
    for t in 0..2 * tiles {
        matmul(&mut b, &mut rng, &format!("o{t}"), act, o);
    }
    act = loop_op(&mut b, &mut rng, "norm2", &[o]);
    let down = gated_block(&mut b, &mut rng, tiles, act, "_out");
    let y = b.xram("y", 16 * KB);
    b.store("Sy", dma(16 * KB), down, y);
    b.barrier("return", 0);
    b.build()
}

/// Two tables read at both ends of a chain of `tiles` 40% weight tiles:
/// the first program reads both and the last reads both again. Seed 1's
/// tables (150 and 160 KiB) cannot both stay resident beside a tile, so
/// every order swaps one of them out and back in (the lower bound's
/// `reloads` term); other seeds draw 120-170 and 140-180 KiB, some of
/// which fit.
pub fn tables_across_tiles(tiles: usize, seed: u64) -> Stream {
    let mut rng = crate::rng::Rng::new(seed);
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 8 * KB);
    let act = b.lram("act", 8 * KB);
    b.load("Lx", dma(8 * KB), x, act);
    let sizes = if seed == 1 {
        [150, 160]
    } else {
        [rng.range(120, 170), rng.range(140, 180)]
    };
    let mut tables = Vec::new();
    for (name, kb) in [("ta", sizes[0]), ("tb", sizes[1])] {
        let x = b.xram(&format!("{name}_x"), kb * KB);
        let t = b.lram(name, kb * KB);
        b.load(&format!("L{name}"), dma(kb * KB), x, t);
        tables.push(t);
    }
    let first = b.lram("first_o", 4 * KB);
    let p = b.start("first", 30_000, &[act, tables[0], tables[1]], &[first], 0);
    b.wait(p);
    let mut prev = first;
    for t in 0..tiles {
        let o = b.lram(&format!("o{t}"), 4 * KB);
        tile(
            &mut b,
            &mut rng,
            &format!("t{t}"),
            MATMUL_TILE_KB,
            160,
            &[prev],
            o,
        );
        prev = o;
    }
    let last = b.lram("last_o", 4 * KB);
    let p = b.start("last", 30_000, &[prev, tables[0], tables[1]], &[last], 0);
    b.wait(p);
    let y = b.xram("y", 4 * KB);
    b.store("Sy", dma(4 * KB), last, y);
    b.barrier("return", 0);
    b.build()
}

/// A chain of `programs` whose weights have mixed sizes, 8 to 250 KiB.
pub fn mixed_weights(programs: usize, seed: u64) -> Stream {
    let mut rng = crate::rng::Rng::new(seed);
    let mut b = StreamBuilder::new(2);
    let mut prev: Vec<BufferId> = Vec::new();
    for i in 0..programs {
        let kb = rng.range(8, 250);
        let compute = kb * rng.range(100, 220);
        prev = vec![program(&mut b, &format!("m{i}"), kb, compute, &prev, 4)];
    }
    b.barrier("return", 0);
    b.build()
}

/// The LLM shapes of issue 17 (weight tiles of 30-50% of LRAM), in several
/// sizes and seeds: (name, stream).
pub fn llm_workloads() -> Vec<(String, Stream)> {
    let mut out = Vec::new();
    for seed in [1u64, 2] {
        for tiles in [12usize, 24] {
            out.push((
                format!("lm-head-40-{tiles}-s{seed}"),
                lm_head_40(tiles, seed),
            ));
        }
        out.push((format!("gated-mlp-4-s{seed}"), gated_mlp(4, seed)));
        out.push((
            format!("decoder-40-50-2-s{seed}"),
            decoder_layer_40_50(2, seed),
        ));
        for n in [12usize, 20] {
            out.push((format!("mixed-weights-{n}-s{seed}"), mixed_weights(n, seed)));
        }
    }
    out
}

/// A variant of one of the four shapes above, `size` programs or pairs (a
/// chain of `size / 2` after `size` independent programs), every weight and
/// compute jittered by up to +-30% from `seed` (seed 0: none).
pub fn shaped(shape: &str, size: usize, seed: u64) -> Option<Stream> {
    let mut rng = crate::rng::Rng::new(seed);
    let mut jitter = |x: u64| {
        if seed == 0 {
            x
        } else {
            (x * rng.range(70, 130)).div_ceil(100).max(1)
        }
    };
    Some(match shape {
        "chain-after-independent" => {
            chain_after_independent_with(size, size.div_ceil(2), &mut jitter)
        }
        "opposite-ratios" => opposite_ratios_with(size, &mut jitter),
        "short-then-long" => short_then_long_with(size, &mut jitter),
        "big-weights" => big_weights_with(size, &mut jitter),
        _ => return None,
    })
}

/// Each shape of `table` in its two sizes and seeds 1 and 2, built by
/// `make`: (`shape-size-sSEED`, stream).
fn sizes_and_seeds(
    table: &[(&str, [usize; 2])],
    make: fn(&str, usize, u64) -> Option<Stream>,
) -> Vec<(String, Stream)> {
    let mut out = Vec::new();
    for &(shape, sizes) in table {
        for size in sizes {
            for seed in [1u64, 2] {
                let s = make(shape, size, seed).expect("a known shape");
                out.push((format!("{shape}-{size}-s{seed}"), s));
            }
        }
    }
    out
}

/// The four shapes in several sizes and seeds, for the oracle's table.
pub fn shaped_workloads() -> Vec<(String, Stream)> {
    sizes_and_seeds(
        &[
            ("chain-after-independent", [6, 16]),
            ("opposite-ratios", [4, 10]),
            ("short-then-long", [8, 24]),
            ("big-weights", [6, 12]),
        ],
        shaped,
    )
}

/// The shapes no one tuned the decision for (the families of the quality
/// table, docs/benchmarks.md): `size` programs from `seed`. `None` for an
/// unknown shape. The 4-slice shape's stream has four slices; run it with a
/// 4-slice target (`FAMILY_HW_4_SLICES`).
pub fn family(shape: &str, size: usize, seed: u64) -> Option<Stream> {
    let mut rng = crate::rng::Rng::new(seed);
    let r = &mut rng;
    Some(match shape {
        "flow-shop" => flow_shop(size, r),
        "mixed-chain" => mixed_weights(size, seed),
        "shared-weights" => shared_weights(size, r),
        "reduce-tiles" => reduce_tiles(size, r),
        "conv-4-slices" => conv_4_slices(size, r),
        "compute-then-store" => compute_then_store(size, r),
        "gqa-attention" => gqa_attention(size, r),
        _ => return None,
    })
}

/// The long blocks of the size table (`cargo bench --bench size`,
/// docs/benchmarks.md), by name, at `programs` programs: `chain-4k` (a
/// random chain with weights up to 4 KiB, each program reading one or two
/// recent outputs), `flow-shop` and `mixed-chain` (their families, seed 1),
/// `lm-head` (one program per weight tile of 40% of LRAM) and `decoder`
/// (tiles of 40-50%, about ten programs a tile). `None` for another name.
pub fn sized(shape: &str, programs: usize) -> Option<Stream> {
    Some(match shape {
        "chain-4k" => {
            let mut p = crate::sched::gen::GenParams::small(programs);
            p.max_buffer = 4096;
            crate::sched::gen::random_stream(1, p)
        }
        "flow-shop" | "mixed-chain" => family(shape, programs, 1)?,
        "lm-head" => lm_head_40(programs, 1),
        "decoder" => decoder_layer_40_50(programs / 10, 1),
        _ => return None,
    })
}

/// The shapes of `sized`, in the size table's order.
pub const SIZED: [&str; 5] = ["chain-4k", "flow-shop", "mixed-chain", "lm-head", "decoder"];

/// The target of the 4-slice family: SL2610's LRAM with four slices.
pub const FAMILY_HW_4_SLICES: &str = "0:512:4:coral_v1:nss_v1";

/// The families of `family`, each in two sizes and two seeds: (name, stream).
pub fn family_workloads() -> Vec<(String, Stream)> {
    sizes_and_seeds(
        &[
            ("flow-shop", [10, 24]),
            ("mixed-chain", [16, 32]),
            ("shared-weights", [12, 27]),
            ("reduce-tiles", [27, 60]),
            ("conv-4-slices", [3, 6]),
            ("compute-then-store", [10, 24]),
            ("gqa-attention", [2, 4]),
        ],
        family,
    )
}

/// Independent programs, each loading one weight and storing its output,
/// whose load and compute times differ widely and independently (a
/// two-stage flow shop on the DMA engine and two slices).
fn flow_shop(n: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..n {
        let kb = r.range(8, 160);
        let compute = r.range(1_000, 40_000);
        let out_kb = r.range(1, 16);
        let o = program(&mut b, &format!("f{i}"), kb, compute, &[], out_kb);
        let y = b.xram(&format!("f{i}_y"), out_kb * KB);
        b.store(&format!("S{i}"), dma(out_kb * KB), o, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// Two shared weights loaded first (the input hoists them), each read by
/// every third program, and a streamed weight per program.
fn shared_weights(n: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(2);
    let mut shared = Vec::new();
    for k in 0..2 {
        let kb = r.range(48, 96);
        let x = b.xram(&format!("sh{k}"), kb * KB);
        let l = b.lram(&format!("sh{k}l"), kb * KB);
        b.load(&format!("Lsh{k}"), dma(kb * KB), x, l);
        shared.push(l);
    }
    for i in 0..n {
        let reads: Vec<BufferId> = match i % 3 {
            0 => vec![shared[0]],
            1 => vec![shared[1]],
            _ => vec![],
        };
        let kb = r.range(40, 120);
        let compute = kb * r.range(80, 200);
        let o = program(&mut b, &format!("p{i}"), kb, compute, &reads, 2);
        let y = b.xram(&format!("p{i}_y"), 2 * KB);
        b.store(&format!("S{i}"), dma(2 * KB), o, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// Weight tiles at 45% of LRAM, each writing a partial sum; every nine
/// tiles a reduce reads the nine partials and its result is stored.
fn reduce_tiles(n: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(2);
    let x = b.xram("x", 8 * KB);
    let act = b.lram("act", 8 * KB);
    b.load("Lx", dma(8 * KB), x, act);
    let mut partials = Vec::new();
    for t in 0..n {
        let o = b.lram(&format!("part{t}"), 4 * KB);
        tile(&mut b, r, &format!("t{t}"), 512 * 45 / 100, 150, &[act], o);
        partials.push(o);
        if partials.len() == 9 || t + 1 == n {
            let k = t / 9;
            let sum = b.lram(&format!("sum{k}"), 4 * KB);
            let p = b.start(
                &format!("reduce{k}"),
                r.range(3_000, 6_000),
                &partials,
                &[sum],
                0,
            );
            b.wait(p);
            let y = b.xram(&format!("sum{k}_y"), 4 * KB);
            b.store(&format!("Ssum{k}"), dma(4 * KB), sum, y);
            partials.clear();
        }
    }
    b.barrier("return", 0);
    b.build()
}

/// Convolution layers of four tiles each on four slices: tile i of a layer
/// reads tiles i-1, i, i+1 of the layer before (the halo) and its own small
/// kernel; the last layer's tiles are stored.
fn conv_4_slices(layers: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(4);
    let mut prev: Vec<BufferId> = (0..4)
        .map(|i| {
            let x = b.xram(&format!("img{i}"), 24 * KB);
            let l = b.lram(&format!("a0_{i}"), 24 * KB);
            b.load(&format!("Limg{i}"), dma(24 * KB), x, l);
            l
        })
        .collect();
    let mut act_kb = 24;
    for l in 0..layers {
        act_kb = r.range(12, 32);
        let mut next = Vec::new();
        for i in 0..4 {
            let kb = r.range(2, 24);
            let x = b.xram(&format!("k{l}_{i}"), kb * KB);
            let w = b.lram(&format!("k{l}_{i}l"), kb * KB);
            b.load(&format!("Lk{l}_{i}"), dma(kb * KB), x, w);
            let out = b.lram(&format!("a{}_{i}", l + 1), act_kb * KB);
            let mut reads: Vec<BufferId> =
                (i.max(1) - 1..(i + 2).min(4)).map(|j| prev[j]).collect();
            reads.push(w);
            let p = b.start(
                &format!("conv{l}_{i}"),
                r.range(8_000, 30_000),
                &reads,
                &[out],
                0,
            );
            b.wait(p);
            next.push(out);
        }
        prev = next;
    }
    for (i, &t) in prev.iter().enumerate() {
        let y = b.xram(&format!("y{i}"), act_kb * KB);
        b.store(&format!("Sy{i}"), dma(act_kb * KB), t, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// Compute-heavy programs (small weights and outputs), then store-heavy
/// ones (large outputs, each stored at once).
fn compute_then_store(n: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(2);
    for i in 0..n / 2 {
        let o = program(
            &mut b,
            &format!("c{i}"),
            r.range(4, 16),
            r.range(20_000, 40_000),
            &[],
            2,
        );
        let y = b.xram(&format!("c{i}_y"), 2 * KB);
        b.store(&format!("Sc{i}"), dma(2 * KB), o, y);
    }
    for i in n / 2..n {
        let out_kb = r.range(64, 160);
        let o = program(
            &mut b,
            &format!("s{i}"),
            r.range(8, 32),
            r.range(3_000, 8_000),
            &[],
            out_kb,
        );
        let y = b.xram(&format!("s{i}_y"), out_kb * KB);
        b.store(&format!("Ss{i}"), dma(out_kb * KB), o, y);
    }
    b.barrier("return", 0);
    b.build()
}

/// Grouped-query attention over `groups` K/V cache tiles: per group, the K
/// and V tiles are loaded, four query heads (each its own Q tile) read
/// them, then a cache update writes the new token's rows into both and they
/// are stored back, mid-stream.
fn gqa_attention(groups: usize, r: &mut crate::rng::Rng) -> Stream {
    let mut b = StreamBuilder::new(2);
    let tok = b.xram("tok", 4 * KB);
    let t = b.lram("tokl", 4 * KB);
    b.load("Ltok", dma(4 * KB), tok, t);
    for g in 0..groups {
        let kv_kb = r.range(48, 96);
        let mut kv = Vec::new();
        for name in ["k", "v"] {
            let x = b.xram(&format!("{name}{g}"), kv_kb * KB);
            let l = b.lram(&format!("{name}{g}l"), kv_kb * KB);
            b.load(&format!("L{name}{g}"), dma(kv_kb * KB), x, l);
            kv.push((x, l));
        }
        for h in 0..4 {
            let q_kb = r.range(4, 16);
            let qx = b.xram(&format!("q{g}_{h}"), q_kb * KB);
            let q = b.lram(&format!("q{g}_{h}l"), q_kb * KB);
            b.load(&format!("Lq{g}_{h}"), dma(q_kb * KB), qx, q);
            let o = b.lram(&format!("o{g}_{h}"), q_kb * KB);
            let p = b.start(
                &format!("attn{g}_{h}"),
                kv_kb * r.range(150, 300),
                &[q, kv[0].1, kv[1].1],
                &[o],
                0,
            );
            b.wait(p);
            let y = b.xram(&format!("o{g}_{h}_y"), q_kb * KB);
            b.store(&format!("So{g}_{h}"), dma(q_kb * KB), o, y);
        }
        let p = b.start(
            &format!("update{g}"),
            r.range(2_000, 5_000),
            &[t],
            &[kv[0].1, kv[1].1],
            0,
        );
        b.wait(p);
        for (k, &(x, l)) in kv.iter().enumerate() {
            b.store(&format!("S{}{g}", ["k", "v"][k]), dma(kv_kb * KB), l, x);
        }
    }
    b.barrier("return", 0);
    b.build()
}

/// The benchmarks' function of about 100k top-level ops: a generated DAG of
/// 13,500 programs that needs hundreds of swaps.
pub fn hundred_k_ops() -> Stream {
    use crate::sched::gen::{random_stream, GenParams};
    random_stream(
        2026,
        GenParams {
            programs: 13_500,
            slices: 2,
            max_buffer: 64 * 1024,
            max_weights: 3,
            barrier_percent: 1,
            held_percent: 0,
        },
    )
}

/// The corpus of the benchmark: (name, stream).
pub fn workloads() -> Vec<(String, Stream)> {
    use crate::sched::gen::{random_stream, GenParams};
    let _: Option<BufferId> = None;
    vec![
        ("lm-head-400".into(), lm_head(400)),
        ("decoder-layer".into(), decoder_layer()),
        ("conv-net-12".into(), conv_net(12)),
        (
            "random-dag-200".into(),
            random_stream(11, GenParams::small(200)),
        ),
        (
            "random-dag-2000".into(),
            random_stream(12, GenParams::small(2000)),
        ),
        (
            "chain-after-independent".into(),
            chain_after_independent(12, 8),
        ),
        ("opposite-ratios".into(), opposite_ratios(6)),
        ("short-then-long".into(), short_then_long(16)),
        ("big-weights".into(), big_weights(8)),
    ]
}

/// The directory of the vendored MiniMalloc instances.
pub fn minimalloc_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/minimalloc")
}
