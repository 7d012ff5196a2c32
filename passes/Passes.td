//===- Passes.td - the passes of torq-sched ---------------------*- tablegen -*-===//
//
// The one place that declares every pass: its argument (which is also its
// tracing target and the name of its lit test file), summary and
// description. mlir-tblgen turns it into the C++ pass base classes; the shells
// in TorqPasses.cpp forward to the Rust implementations
// (src/passes/<argument>.rs). Below the passes, the one declaration of every
// option (def TorqOptions): tests/sourcegen.rs reads these records with
// `llvm-tblgen --dump-json` and writes them as the table TorqOptions.def, from
// which the C++ shells declare the passes', the pipeline's and the global
// options and build.rs makes Rust's table and typed values.
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
    capped by torq-oracle-time-limit-ms under torq-prefetch-algorithm=oracle;
    blocks above 400 scheduled ops skip it. Then search runs the improvement search: a local
    search over orders (two programs trade places, one op shifts), every
    candidate priced by the real allocator, from the oracle's best order and
    the committed schedule; torq-improve-moves moves (deterministic; fewer in
    proportion on blocks above 200 scheduled ops), blocks above 1,000
    scheduled ops skip it (at effort 3 the transfer windows run there in
    its place, each window judged at its stretch's end, so that a window
    costs its stretch and not the block). Before the descent, search runs the
    iterated greedy: program priorities decoded by the list scheduler, two
    programs taken out and put back where their decode is fastest, for
    torq-greedy-decodes list schedules (deterministic); its best decode is a
    candidate like any other. torq-prefetch-algorithm=oracle is
    stream-schedule with the search policy.

    The options (def TorqOptions below) are also global flags of the same names
    (--torq-prefetch-algorithm=...), which apply where the pass option is
    not given.
  }];
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

// One option of the torq-sched passes, declared once whatever passes take
// it (fields in the order of TorqOptions.def's rows, which tests/sourcegen.rs
// generates from these records with `mlir-tblgen --dump-json`):
//   arg      the option's name, on the pass, the pipeline and the command
//            line; it starts with `torq-`
//   kind     "Int" (int64_t), "Bool" or "String"
//   defaultValue  its default, as text
//   min, max the accepted range of an Int (0, 0 otherwise)
//   choices  the accepted values of a String (none: any text)
//   scope    the passes that take it (annotate, prefetch, dealloc, recover,
//            assign, verify), `pipeline` (an option of torq-nss-pipeline,
//            handed to every pass of it that takes it), `global` (also a
//            command-line flag of the standalone tools, used where a pass is
//            not given it), `hidden` (listed by --help-hidden only) and
//            `reads:ALGORITHM` on a PrefetchInputs option read only under
//            those torq-prefetch-algorithm values (auto reads as
//            constant-loads): given under another, the pass warns that it
//            has no effect
//   help     one line for --help, at most 100 characters (the range or
//            choices, the default and what each effort level runs are added)
//   doc      the whole story, for docs/options.md
//   byEffort the value each torq-prefetch-effort level (0, 1, ...) gives
//            the option where a pass was not given it ("": that level
//            leaves it at its default); the effort table is these columns
// Strings hold no double quote and no backslash (the generated table keeps
// them as C string literals without escapes).
class TorqOption<string Arg, string Kind, string Default, int Min, int Max,
                 list<string> Choices, list<string> Scope, string Help,
                 string Doc, list<string> ByEffort = []> {
  string arg = Arg;
  string kind = Kind;
  string defaultValue = Default;
  int min = Min;
  int max = Max;
  list<string> choices = Choices;
  list<string> scope = Scope;
  string help = Help;
  string doc = Doc;
  list<string> byEffort = ByEffort;
}

// One level of torq-prefetch-effort (as -O): what stream-schedule runs at
// it. The values a level gives the options a pass was not given are the
// options' `byEffort` columns.
class TorqEffortLevel<int Level, string Runs> {
  int level = Level;
  string runs = Runs;
}

// Every option, in the order --help, the docs and the C++ API's structs list
// them; `renamed`: the spellings options had before every name took the
// `torq-` prefix, each with its name now (given, an old one is an error that
// names the new one).
def TorqOptions {
  list<TorqOption> rows = [
    TorqOption<"torq-hw", "String", "SL2610", 0, 0, [],
               ["annotate", "prefetch", "recover", "assign", "verify", "pipeline", "global"],
               "target hardware: SL2610 or hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]",
               "hardware: SL2610 or hw_id:lram_kb:slices:css:nss[:dma_tp[:dma_factor]]">,
    TorqOption<"torq-dma-in-mtu", "Int", "4", 0, 16, [],
               ["annotate", "prefetch", "recover", "assign", "pipeline"],
               "log2 of the DMA MTU of XRAM -> LRAM loads",
               "log2 of the DMA MTU of XRAM -> LRAM loads (annotation, unannotated transfers, swap-ins)">,
    TorqOption<"torq-dma-out-mtu", "Int", "4", 0, 16, [],
               ["annotate", "prefetch", "recover", "assign", "pipeline"],
               "log2 of the DMA MTU of LRAM -> XRAM stores",
               "log2 of the DMA MTU of LRAM -> XRAM stores (annotation, unannotated transfers, swap-outs)">,
    TorqOption<"torq-placement", "String", "offline", 0, 0, ["offline", "first-fit"],
               ["prefetch", "recover", "assign", "pipeline", "global"],
               "LRAM placement: offline (pack the whole order) or first-fit (upstream's allocator)",
               "LRAM placement: offline = pack the whole order (time x address), first-fit = upstream's online allocator, byte for byte; PrefetchInputs prices every candidate with it",
               ["first-fit", "", "", ""]>,
    TorqOption<"torq-placement-nodes", "Int", "4000", 0, 9223372036854775807, [],
               ["prefetch", "recover", "assign", "pipeline", "global", "hidden"],
               "offline placement: search nodes per allocation (deterministic)",
               "offline: the search nodes of one allocation's packings (deterministic)">,
    TorqOption<"torq-prefetch-algorithm", "String", "auto", 0, 0, ["auto", "stream-schedule", "oracle", "constant-loads", "none"],
               ["prefetch", "pipeline", "global"],
               "PrefetchInputs' algorithm (auto = constant-loads)",
               "auto = constant-loads; oracle = stream-schedule with torq-list-policy=search">,
    TorqOption<"torq-list-cap-percent", "Int", "100", 1, 100, [],
               ["prefetch", "pipeline", "global", "reads:stream-schedule", "reads:oracle"],
               "stream-schedule's first LRAM cap, in % of usable LRAM",
               "the first LRAM cap of stream-schedule, in % of usable LRAM (then x0.85 and x0.70)">,
    TorqOption<"torq-list-prefetch-percent", "Int", "40", 0, 100, [],
               ["prefetch", "pipeline", "global", "reads:stream-schedule", "reads:oracle"],
               "prefetchCap: % of the cap that loads of far programs may use",
               "prefetchCap, in % of the cap: the LRAM that loads of far programs may use">,
    TorqOption<"torq-list-urgent-starts", "Int", "4", 0, 1000000, [],
               ["prefetch", "pipeline", "global", "reads:stream-schedule", "reads:oracle"],
               "how many upcoming programs count as near",
               "how many upcoming programs count as near">,
    TorqOption<"torq-list-window", "Int", "32", 1, 1000000, [],
               ["prefetch", "pipeline", "global", "reads:stream-schedule", "reads:oracle"],
               "ready candidates the list scheduler looks at per step",
               "ready candidates the list scheduler looks at per step">,
    TorqOption<"torq-list-policy", "String", "portfolio", 0, 0, ["portfolio", "search", "fifo", "critical-path", "longest-compute", "johnson"],
               ["prefetch", "pipeline", "global", "reads:stream-schedule"],
               "stream-schedule's policy (fifo = the spec exactly, with torq-placement=first-fit)",
               "stream-schedule's policy: portfolio = every priority (and, under offline placement, every fit model), the fastest after allocation, then the DMA-order descent; search = portfolio + oracle + improvement search (solver steps and moves, never time; effort 2 and 3 choose it, with their budgets); fifo = the spec exactly with torq-placement=first-fit",
               ["fifo", "", "search", "search"]>,
    TorqOption<"torq-prefetch-effort", "Int", "2", 0, 3, [],
               ["prefetch", "recover", "assign", "pipeline", "global"],
               "effort, as -O: 0 = the spec exactly, 1 = fast, 2 = the default, 3 = the higher effort",
               "the effort, as -O levels: it gives the options a pass was not given the values of its row in the effort table (docs/options.md; the byEffort columns of these records): 0 = the spec exactly (fifo, upstream's first fit), 1 = fast (the list schedules alone), 2 = the default (the descent, then the oracle and the improvement search where the bound leaves more than 2%), 3 = the higher effort (the same, to within 0.5%)">,
    TorqOption<"torq-oracle-steps", "Int", "5000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "search: the oracle's solver steps per block (0 = no oracle)",
               "search: the oracle's solver steps per block (deterministic; 0 = no oracle): a step is one round of the solver's search, and one more per EVENTS_PER_STEP bound changes its propagation makes (sched/oracle.rs), so that a step's cost is bounded on blocks whose bounds move in small increments",
               ["", "", "50", "200"]>,
    TorqOption<"torq-oracle-time-limit-ms", "Int", "10000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:oracle"],
               "algorithm=oracle only: the oracle's wall-clock hang guard per block, in ms",
               "torq-prefetch-algorithm=oracle only: a hang guard, the oracle's wall-clock cap per block in ms, with a warning when it fires (0 = no oracle); every other mode ignores it and reads no clock">,
    TorqOption<"torq-oracle-gap-ppm", "Int", "0", 0, 1000000, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "search: the decision's target gap: stages stop within this many ppm of the bound (0 = exact)",
               "search: the decision's target gap, in parts per million of the best order: a stage is skipped when the best order is within it of the block's lower bound, the iterated greedy stops there, the oracle stops once its proven bound is within it of its best order and its first probe asks for that much better (0 = bisection to the optimum), and the improvement search is skipped when the committed order is within it of the bound",
               ["", "", "20000", "5000"]>,
    TorqOption<"torq-polish-moves", "Int", "8000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "neighbours the DMA-order descent looks at per block (0 = none)",
               "portfolio and search: neighbours the DMA-order descent looks at after the list schedules (deterministic; 0 = none); of them it prices after allocation 64 at effort 2 and 128 at the other levels (decide::POLISH_PRICED)",
               ["", "0", "", ""]>,
    TorqOption<"torq-window-expansions", "Int", "40000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "the transfer windows' DP expansions per block (0 = no windows)",
               "portfolio and search: the transfer windows' DP expansions per block, shared by the descent's starts (deterministic; 0 = no windows); a window places 6 transfers exactly (decide::improve::WINDOW_TRANSFERS)",
               ["", "0", "", ""]>,
    TorqOption<"torq-greedy-decodes", "Int", "2000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "search: the iterated greedy's list schedules per block (0 = none)",
               "search: the list schedules the iterated greedy over program priorities decodes per block, after the list stage (deterministic; 0 = none); on a block of more than 1,000 ops, the same work counted in list schedules of 1,000 ops, and at least a sixteenth of them; a budget that cannot finish one iteration (34 list schedules) after the starts decodes only the starts",
               ["", "", "150", "600"]>,
    TorqOption<"torq-improve-moves", "Int", "40000", 0, 9223372036854775807, [],
               ["prefetch", "pipeline", "global", "hidden", "reads:stream-schedule", "reads:oracle"],
               "search: the improvement search's moves per block (0 = none)",
               "search: the improvement search's moves per block (deterministic; 0 = none); on a block of more than 200 scheduled ops, fewer in proportion (200 over its scheduled ops of them)",
               ["", "", "3000", ""]>,
    TorqOption<"torq-prefetch-report", "String", "", 0, 0, [],
               ["prefetch", "pipeline", "global"],
               "write a JSON report per function and block to this file",
               "write a JSON report per function and block to this file">,
    TorqOption<"torq-prefetch-explain", "Bool", "false", 0, 0, [],
               ["prefetch", "pipeline", "global"],
               "print the decision table of each committed schedule on stderr",
               "print the decision table of each committed schedule on stderr">,
    TorqOption<"torq-prefetch-trace", "String", "", 0, 0, [],
               ["prefetch", "pipeline", "global"],
               "write a Chrome trace (Perfetto) of each block's order, committed or kept, to this file",
               "write one Chrome trace file (JSON Object Format: one process per function, a track per block and lane, one trace microsecond per cycle) of the order each block runs in, committed or kept as it was, to this file">,
    TorqOption<"torq-failure-driven-recovery", "Bool", "true", 0, 0, [],
               ["recover"],
               "recover LRAM residency when the allocation fails",
               "recover LRAM residency when the allocation fails">,
    TorqOption<"torq-lram-map", "String", "", 0, 0, [],
               ["assign", "pipeline", "global"],
               "write the LRAM memory map of every allocated function to this SVG file",
               "write the LRAM memory map (time x address, one rectangle per buffer, swaps marked) and the DMA and slice timeline of every allocated function to this SVG file">,
    TorqOption<"torq-allow-swaps", "Bool", "true", 0, 0, [],
               ["assign"],
               "allow swaps to XRAM (false: the placement must succeed without one)",
               "allow swaps to XRAM; false: the placement must succeed without one">
  ];
  // The levels of torq-prefetch-effort, in order (the algorithm is not
  // part of them: they say how hard stream-schedule works).
  list<TorqEffortLevel> effort = [
    TorqEffortLevel<0, "the spec exactly: FIFO list schedules (caps 100/85/70%), upstream's first-fit allocator">,
    TorqEffortLevel<1, "fast: every list policy by first-fit addresses and by bytes, priced with offline placement; no descent, no windows">,
    TorqEffortLevel<2, "the default: level 1; where the bound leaves more than 2%, the iterated greedy over program priorities for 150 list schedules (on a block of more than 1,000 ops, 150 list schedules' worth of 1,000 ops, and at least 10: only its starts where that cannot finish one iteration, past about 4,000 ops); then the transfer windows and the DMA-order descent from the greedy's order when it is the choice, then (unless that reached the bound) from the chosen list schedule and the input (64 orders priced), and under offline placement where the bound leaves more than 2% from the chosen list schedule with first fit pricing its neighbours (32 orders priced); where the bound leaves more than 2%, the exact oracle for 50 solver steps (stopped once its bound proves its best within 2%) and the improvement search for 3000 moves">,
    TorqEffortLevel<3, "the higher effort: level 2's stages to within 0.5%: the iterated greedy for 600 list schedules (past 1,000 ops, that work, and at least 38), the exact oracle for 200 solver steps (its first probe asks for 0.5% better; it stops once its bound proves its best within 0.5%) and the improvement search for 40,000 moves where the bound leaves more than 0.5%; on a block of more than 1,000 scheduled ops, where the descent and the improvement search decline it, the transfer windows judged at each window's end in the improvement search's place (3 transfers a window, 800 DP expansions per scheduled op, priced after allocation after an eighth of them and at the end)">
  ];
  list<list<string>> renamed = [
    ["dma-in-mtu", "torq-dma-in-mtu"],
    ["dma-out-mtu", "torq-dma-out-mtu"],
    ["placement", "torq-placement"],
    ["placement-nodes", "torq-placement-nodes"],
    ["lram-map", "torq-lram-map"],
    ["allow-swaps", "torq-allow-swaps"]
  ];
}

#endif // TORQ_PASSES_TD
