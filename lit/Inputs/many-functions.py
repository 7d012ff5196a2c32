"""Prints argv[1] functions, each a stream of loads, slice programs (with
chained outputs) and stores whose sizes and cycles vary with the function
index (deterministic, no randomness).

With argv[2] = K, every K-th function also loads into an LRAM function
argument, which AssignLramAddresses refuses; the line before says so for
-verify-diagnostics."""
import sys

n = int(sys.argv[1])
bad_every = int(sys.argv[2]) if len(sys.argv) > 2 else 0
M = "affine_map<() -> (1)>"
CFG = "CFG {alu_op0_mode = [DBYP], alu_op1_mode = [BYP], alu_d_unsigned = 0, alu_w_unsigned = 0, act_mode = ACT,}"
for f in range(n):
    programs = 2 + f % 4
    w = 128 + 64 * (f % 7)
    lt = f"memref<{w}xi8, #torq_hl<enc mem_space = lram>>"
    xt = f"memref<{w}xi8>"
    args = ", ".join(f"%w{p}: {xt}" for p in range(programs))
    bad = bad_every > 0 and f % bad_every == bad_every - 1
    extra = f", %arg_l: {lt}" if bad else ""
    print(f"func.func @f{f}({args}, %out: {xt}{extra}) {{")
    print(f"  %prog = torq_hl.program \"P\" : !torq_hl.program<slice> {{")
    print(f"  ^bb0(%x: {lt}, %i: {lt}, %o: {lt}):")
    print("    torq_hw.slice_task{")
    print("    op : \"P\"")
    print(f"     D %x, %i : {lt}, {lt}")
    print(f"     Q %o : {lt}")
    print(f"     {CFG}")
    print(f"     [{{DEDR dims = [ D(H) [{100 + 37 * ((f + 3) % 11)}, {M}]]}}]")
    print("     []")
    print("    }")
    print("    torq_hl.return")
    print("  }")
    prev = None
    for p in range(programs):
        print(f"  %l{p} = memref.alloc() : {lt}")
        print(f"  torq_hl.load %w{p} : {xt} to %l{p} : {lt} {{element_size_bytes = {w} : i64, input_strides_bytes = array<i64>, shape = array<i64>}}")
        print(f"  %o{p} = memref.alloc() : {lt}")
        inp = prev if prev is not None else f"%l{p}"
        print(f"  %inv{p} = torq_hl.create_invocation \"P{p}\" program(%prog : !torq_hl.program<slice>) on {p % 2} : !torq_hl.invocation<slice>")
        print(f"  torq_hl.start_program %inv{p} : !torq_hl.invocation<slice> args(%l{p}, {inp}, %o{p} : {lt}, {lt}, {lt})")
        print(f"  torq_hl.wait_program %inv{p} : !torq_hl.invocation<slice>")
        if p % 2 == 1:
            prev = f"%o{p}"
    if bad:
        print("  // expected-error @+2 {{failed to allocate LRAM addresses}}")
        print("  // expected-error @+1 {{an LRAM operand that no memref.alloc of this function defines}}")
        print(f"  torq_hl.load %w0 : {xt} to %arg_l : {lt} {{element_size_bytes = {w} : i64, input_strides_bytes = array<i64>, shape = array<i64>}}")
    print(f"  torq_hl.store %o{programs - 1} : {lt} to %out : {xt} {{element_size_bytes = {w} : i64, output_strides_bytes = array<i64>, shape = array<i64>}}")
    print("  return")
    print("}")
