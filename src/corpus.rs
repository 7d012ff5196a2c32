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

use crate::sched::stream::{Kind, Stream};
use std::fmt::Write;

fn lram_ty(bytes: u64) -> String {
    format!("memref<{bytes}xi8, #torq_hl<enc mem_space = lram>>")
}

fn xram_ty(bytes: u64) -> String {
    format!("memref<{bytes}xi8>")
}

/// One `func.func @name` holding `stream`.
pub fn stream_to_mlir(stream: &Stream, name: &str) -> String {
    let mut out = String::new();
    let buf = &stream.buffers;
    let xram: Vec<usize> = (0..buf.len()).filter(|&b| !buf[b].lram).collect();
    let mut args: Vec<String> = xram
        .iter()
        .map(|&b| format!("%x{b}: {}", xram_ty(buf[b].bytes)))
        .collect();
    args.push("%h0: memref<8xi8>".into());
    args.push("%h1: memref<8xi8>".into());
    let _ = writeln!(out, "func.func @{name}({}) {{", args.join(", "));
    let val = |b: usize| {
        if buf[b].lram {
            format!("%l{b}")
        } else {
            format!("%x{b}")
        }
    };
    let ty = |b: usize| {
        if buf[b].lram {
            lram_ty(buf[b].bytes)
        } else {
            xram_ty(buf[b].bytes)
        }
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
                let _ = writeln!(
                    out,
                    "  torq_hl.{op} {} : {} to {} : {} {{{strides}_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = {} : i64}}",
                    val(src),
                    ty(src),
                    val(dst),
                    ty(dst),
                    buf[src].bytes
                );
            }
            Kind::Start => {
                let p = node.program.expect("a start has a program");
                let prog = &stream.programs[p];
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
                let group = |range: std::ops::Range<usize>, bufs: &[usize]| -> String {
                    if bufs.is_empty() {
                        return String::new();
                    }
                    let vals: Vec<String> = range.clone().map(|k| format!("%a{k}")).collect();
                    let tys: Vec<String> = bufs.iter().map(|&b| ty(b)).collect();
                    format!("({} : {})", vals.join(", "), tys.join(", "))
                };
                let d = group(0..reads.len(), &reads);
                let q = group(reads.len()..all.len(), &writes);
                let _ = writeln!(
                    out,
                    "  %p{p} = torq_hl.program \"{}\" : !torq_hl.program<slice> {{",
                    prog.name
                );
                if !params.is_empty() {
                    let _ = writeln!(out, "  ^bb0({}):", params.join(", "));
                }
                let _ = writeln!(
                    out,
                    "    torq_hw.slice_task \"{}\"{}{} mem_ndls [#torq_hw<ndl dedr [H D {}]>] reg_ndls []",
                    prog.name,
                    if d.is_empty() { String::new() } else { format!(" d{d}") },
                    if q.is_empty() { String::new() } else { format!(" q{q}") },
                    prog.compute.max(1)
                );
                let _ = writeln!(out, "    torq_hl.return\n  }}");
                let _ = writeln!(
                    out,
                    "  %i{p} = torq_hl.create_invocation \"{}\" program(%p{p} : !torq_hl.program<slice>) on {} : !torq_hl.invocation<slice>",
                    prog.name, prog.input_slice
                );
                let vals: Vec<String> = all.iter().map(|&b| val(b)).collect();
                let tys: Vec<String> = all.iter().map(|&b| ty(b)).collect();
                let args = if all.is_empty() {
                    String::new()
                } else {
                    format!(" args({} : {})", vals.join(", "), tys.join(", "))
                };
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
