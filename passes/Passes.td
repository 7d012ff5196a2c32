//===- Passes.td - the passes of torq-sched ---------------------*- tablegen -*-===//
//
// The one place that declares every pass: its argument (which is also its
// tracing target and the name of its lit test file), summary and
// description. mlir-tblgen turns it into the C++ pass base classes; the shells
// in TorqPasses.cpp forward to the Rust implementations
// (src/passes/<argument>.rs). The options, with their defaults, ranges and
// docs, are the rows of TorqOptions.def (one table for the passes, the
// pipeline, the global flags and Rust).
//
//===----------------------------------------------------------------------===//

#ifndef TORQ_PASSES_TD
#define TORQ_PASSES_TD

include "mlir/Pass/PassBase.td"

def TorqAnnotateDmaAndSliceCycles
    : Pass<"torq-annotate-dma-and-slice-cycles", "mlir::func::FuncOp"> {
  let summary = "Annotate DMA transfers and slice programs with their cycle counts";
  let description = [{
    The cost model of the NSS stream. Every torq_hl.load, torq_hl.store and
    LRAM<->DTCM/ITCM memref.copy gets `torq-async-duration-cycles` and
    `torq-async-bytes` (i64). Every torq_hw.slice_task gets one
    torq_hw.slice_profiling, inserted at the start of its program body, with
    slice_mem, slice_meminfo, max_cycle and the twelve NDL cycle counts.

    DMA: cycles = ceil(bytes / (dma_tp * dma_factor * 2^mtu / (2^mtu + 1.5)));
    loads use torq-dma-in-mtu, stores torq-dma-out-mtu. At mtu 4 on SL2610:
    4096 B -> 862, 5120 B -> 1077, 65536 B -> 13785 cycles. CDMA copies:
    max(1, ceil(bytes / (16 * f))), f = 0.36 on coral_v1/nss_v1, else 0.8
    (upstream counts elements here; this pass counts bytes).

    Idempotent: existing annotations and profiles are recomputed, not duplicated.
  }];
}

def TorqAddDeallocation : Pass<"torq-add-deallocation", "mlir::func::FuncOp"> {
  let summary = "Insert a memref.dealloc after the last user of every LRAM/XRAM alloc";
  let description = [{
    For each LRAM or XRAM memref.alloc outside torq_hl.program bodies: its
    users through derived memrefs (subview, expand/collapse_shape, casts),
    each lifted to its ancestor in the alloc's block, plus the wait_program of
    every start_program among them (a program holds its buffers until its
    wait). One memref.dealloc goes right after the last of them, in
    allocation order when several follow the same op; right after the alloc
    when it has no users. A buffer that a program never waited for takes
    gets none: the program holds it to the end of the block, where a buffer
    without a dealloc dies. A buffer whose last user is the block terminator
    is an error. Allocs that already have a dealloc are left alone.
  }];
}

def TorqAssignLramAddresses : Pass<"torq-assign-lram-addresses", "mlir::func::FuncOp"> {
  let summary = "Assign lram_address to every LRAM alloc, swapping to XRAM when LRAM is short";
  let description = [{
    Usable LRAM = LRAM size - 1280 B (two 640-B NSS program slots). A pool of
    8-byte words: buffers under 8 KiB first fit from the bottom, buffers of
    8 KiB or more first fit from the top. A virtual-memory step over the
    top-level ops in order pins each op's operands (a start_program's until
    its wait_program), swaps in operands that are out, allocates results,
    evicting the oldest unpinned buffers when space is short: swap out = XRAM
    alloc + unsafe torq_hl.store + LRAM dealloc, swap in = LRAM alloc +
    unsafe torq_hl.load + XRAM dealloc. Evicted buffers come back when next
    used. Failure: `failed to allocate LRAM addresses`, then the reason
    (`Memory usage: X exceeds lram size Y bytes`, `unable to free enough
    space`, `unable to allocate space for result #N`), and the function is
    left unchanged.
  }];
}

def TorqVerifyLram : Pass<"torq-verify-lram", "mlir::func::FuncOp"> {
  let summary = "Check an allocated function from first principles (an independent checker)";
  let description = [{
    Shares no code with the allocator. Verifies that every LRAM alloc has an
    8-byte aligned lram_address inside usable LRAM, that no two live LRAM
    buffers overlap, that every use of an LRAM buffer finds it resident, that
    every swap-in load reads an XRAM buffer stored to before, and that at most
    one program is in flight per executor. Every fault is a located error;
    the IR is not changed.
  }];
}

def TorqRecoverLramResidency : Pass<"torq-recover-lram-residency", "mlir::func::FuncOp"> {
  let summary = "When a function does not allocate, shorten LRAM lifetimes and try again";
  let description = [{
    Between AddDeallocation and AssignLramAddresses. Tries the allocation on
    a clone; only if it fails: (1) undoes shared read-only reuses
    (torq.lram_reuse allocs with one writing load get a fresh alloc and a
    cloned load before each consumer, and a dealloc after the consumer or its
    wait_program), then, if it still fails, (2) narrows read-only weight
    loads: a buffer loaded whole once and then only read through contiguous
    row-major subviews gets one unsafe sub-load per subview from the same
    subview of the XRAM source, and the whole load goes.
  }];
}

def TorqPrefetchInputs : Pass<"torq-prefetch-inputs", "mlir::func::FuncOp"> {
  let summary = "Reorder the NSS stream so that DMA transfers overlap slice compute";
  let description = [{
    With torq-prefetch-algorithm=stream-schedule: the list scheduler of the
    spec builds schedules at caps 100%, 85% and 70% of usable LRAM (times
    torq-list-cap-percent); the first one predicted faster than the input
    that the real allocator places without a swap (on a clone) is committed
    (pass 0); otherwise the fastest after allocation, swaps included, if it
    beats the input order after allocation (pass 1); otherwise the block is
    left exactly as it was. Commit: the new op order and each program's slice
    (the invocation's executor_id).

    auto (the default) = constant-loads: loads of constant data
    (torq_hl.const, read-only map_binding) move to just after the start of
    the program before them, when the allocator still places the function
    without swaps. none: nothing changes.

    torq-list-policy (beyond the spec): search (the default) runs the
    portfolio, then the exact oracle (a CP model of the time model, solved by
    bisection on the makespan) from the portfolio's fastest schedule within
    LRAM, and commits the fastest after allocation, ties to the earlier
    candidate (fifo first). portfolio: the spec's choice once per policy.
    fifo: the spec exactly. critical-path (HEFT's upward rank),
    longest-compute and johnson (Johnson's rule for load, then compute): one
    other priority of the list scheduler's ready queues.
    The oracle's budget: torq-oracle-steps solver steps (deterministic;
    a round of the solver and each few bound changes of its propagation),
    capped by torq-oracle-time-limit-ms; blocks above torq-oracle-max-nodes
    scheduled ops skip it. Then search runs the improvement search: a local
    search over orders (two programs trade places, one op shifts), every
    candidate priced by the real allocator, from the oracle's best order and
    the committed schedule; torq-improve-moves moves (deterministic; fewer in
    proportion on blocks above 200 scheduled ops), blocks above
    torq-improve-max-nodes skip it. Before the descent, search runs the
    iterated greedy: program priorities decoded by the list scheduler, two
    programs taken out and put back where their decode is fastest, for
    torq-greedy-decodes list schedules (deterministic); its best decode is a
    candidate like any other. torq-prefetch-algorithm=oracle is
    stream-schedule with the search policy.

    The options (TorqOptions.def) are also global flags of the same names
    (--torq-prefetch-algorithm=...), which apply where the pass option is
    not given.
  }];
}

#endif // TORQ_PASSES_TD
