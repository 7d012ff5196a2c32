// Every torq_hw verifier and parser message.
// RUN: torq-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown NDL type 'xx'}}
func.func @f() attributes {n = #torq_hw<ndl xx [H D 1]>} { return }

// -----

// expected-error @+1 {{an NDL dimension is a one-letter kind, a one-letter tag and a count}}
func.func @f() attributes {n = #torq_hw<ndl dedr [HH D 1]>} { return }

// -----

// expected-error @+1 {{ndl: dimension kind must be L, H or S, got 'Q'}}
func.func @f() attributes {n = #torq_hw<ndl dedr [Q D 1]>} { return }

// -----

// expected-error @+1 {{ndl: dimension tag must be a letter, got '_'}}
func.func @f() attributes {n = #torq_hw<ndl dedr [H _ 1]>} { return }

// -----

// expected-error @+1 {{ndl: dimension count must be positive, got 0}}
func.func @f() attributes {n = #torq_hw<ndl dedr [H D 0]>} { return }

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_task' op needs a non-empty op_name}}
  torq_hw.slice_task "" mem_ndls [] reg_ndls []
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_task' op a REF NDL is a memory NDL, not a register NDL}}
  torq_hw.slice_task "t" mem_ndls [] reg_ndls [#torq_hw<ndl ref [L B 1]>]
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_task' op attribute 'mem_ndls' failed to satisfy constraint: NDL array}}
  torq_hw.slice_task "t" mem_ndls [1] reg_ndls []
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_profiling' op slice_mem must not be negative}}
  torq_hw.slice_profiling {max_cycle = 1 : i32, slice_mem = -1 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(0) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_profiling' op max_cycle must not be negative}}
  torq_hw.slice_profiling {max_cycle = -5 : i32, slice_mem = 1 : i32, slice_meminfo = "", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(0) dewr(0) debr(0) deqw(0) cedw(0) cedr(0) ceww(0) cewr(0) cepr(0) acbw(0) acbr(0) acpr(0)>}
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'torq_hw.slice_profiling' op requires attribute 'slice_ndl_cycles'}}
  torq_hw.slice_profiling {max_cycle = 5 : i32, slice_mem = 1 : i32, slice_meminfo = ""}
  return
}
