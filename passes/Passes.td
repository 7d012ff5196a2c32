//===- Passes.td - the passes of torq-sched ---------------------*- tablegen -*-===//
//
// The one place that declares every pass: its argument (which is also its
// tracing target and the name of its lit test file), summary, description and
// options with their defaults. mlir-tblgen turns it into the C++ pass classes
// that forward to the Rust implementations (src/passes/<argument>.rs); the
// option values reach Rust as the pass's textual pipeline form.
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
    loads use dma-in-mtu, stores dma-out-mtu. At mtu 4 on SL2610:
    4096 B -> 862, 5120 B -> 1077, 65536 B -> 13785 cycles. CDMA copies:
    max(1, ceil(bytes / (16 * f))), f = 0.36 on coral_v1/nss_v1, else 0.8
    (upstream counts elements here; this pass counts bytes).

    Idempotent: existing annotations and profiles are recomputed, not duplicated.
  }];
  let options = [
    Option<"dmaInMtu", "dma-in-mtu", "int64_t", /*default=*/"4",
           "log2 of the DMA MTU for XRAM -> LRAM loads">,
    Option<"dmaOutMtu", "dma-out-mtu", "int64_t", /*default=*/"4",
           "log2 of the DMA MTU for LRAM -> XRAM stores">,
    Option<"torqHw", "torq-hw", "std::string", /*default=*/"\"SL2610\"",
           "hardware: SL2610 or hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]">,
  ];
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
    when it has no users. A buffer whose last user is the block terminator is
    an error. Allocs that already have a dealloc are left alone.
  }];
}

#endif // TORQ_PASSES_TD
