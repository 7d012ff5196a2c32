// torq_hw parser messages (upstream declares no torq_hw verifier, and neither do we).
// RUN: torq-opt %s -split-input-file -verify-diagnostics
// UNSUPPORTED: foreign-host
// (This project's torq_hw parsers: a foreign host has its own.)

// expected-error @+2 {{expected one of [REF, DEDR, DEWR, DEBR, DEQW, CEDW, CEDR, CEWW, CEWR, CEPW, CEPR, ACBW, ACBR, ACPW, ACPR, ALDW] for the agent an NDL drives, got: XX}}
// expected-error @+1 {{failed to parse TorqHW_MemNdlAttr parameter 'type'}}
func.func @f() attributes {n = #torq_hw<mem_ndl{XX dims = []}>} { return }

// -----

// expected-error @+3 {{expected one of [L, H, S] for low, high or special NDL dimension, got: Q}}
// expected-error @+2 {{failed to parse TorqHW_RegDimAttr parameter 'type'}}
// expected-error @+1 {{failed to parse TorqHW_RegNdlAttr parameter 'dims'}}
func.func @f() attributes {n = #torq_hw<reg_ndl{CEDW dims = [ B(Q) [4, 1]]}>} { return }

// -----

// T is a register-NDL tag, not a memory-NDL one.
// expected-error @+3 {{expected one of [X, Y, A, I, J, U, V, G, O, B, D] for tag of a memory-NDL dimension, got: T}}
// expected-error @+2 {{failed to parse TorqHW_MemDimAttr parameter 'tag'}}
// expected-error @+1 {{failed to parse TorqHW_MemNdlAttr parameter 'dims'}}
func.func @f() attributes {n = #torq_hw<mem_ndl{DEDR dims = [ T(H) [4, affine_map<() -> (1)>]]}>} { return }

// -----

// Text after the last cycle count is not silently dropped.
// expected-error @+1 {{unexpected 'junk' at the end of the attribute}}
func.func @f() attributes {c = #torq_hw<ndl_cycles dedr(2) dewr(1) debr(1) deqw(1) cedw(2) cedr(2) ceww(1) cewr(2) cepr(2) acbw(1) acbr(1) acpr(1) junk>} { return }

// -----

// expected-error @+1 {{expected '}'}}
func.func @f() attributes {n = #torq_hw<mem_ndl{DEDR dims = [] set_id = 2 set_id = 3}>} { return }

// -----

func.func @no_cfg(%q: memref<4xi8>) {
  // expected-error @+4 {{expected 'CFG'}}
  torq_hw.slice_task{
  op : "t"
   Q %q : memref<4xi8>
   []
   []
  }
  return
}

// -----

// A character the lexer rejects inside an attribute fails the parse (MLIR
// alone would print the error and keep the attribute).
// expected-error @+1 {{@ identifier expected to start with letter or '_'}}
func.func @f() attributes {c = #torq_hw<ndl_cycles dedr(2) dewr(1) debr(1) deqw(1) cedw(2) cedr(2) ceww(1) cewr(2) cepr(2) acbw(1) acbr(1) acpr(1) @>} { return }
