// Round trip of the torq_hw ops and attributes.
// RUN: torq-opt %s | FileCheck %s
// RUN: torq-opt %s | torq-opt | FileCheck %s
// RUN: torq-opt %s --mlir-print-op-generic | torq-opt | FileCheck %s

!L = memref<64x16xi8, #torq_hl<enc mem_space = lram>>
!B = memref<16xi32, #torq_hl<enc mem_space = lram>>

// CHECK-LABEL: func.func @tasks
func.func @tasks() {
  %p = torq_hl.program "slice_program_fc_0" : !torq_hl.program<slice> {
  ^bb0(%d: !L, %w: !L, %b: !B, %q: !L, %i: index):
    // CHECK: torq_hw.slice_profiling {max_cycle = 1024 : i32, slice_mem = 3136 : i32, slice_meminfo = "64x16+64x16+16+64x16", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(1024) dewr(64) debr(0) deqw(1024) cedw(0) cedr(0) ceww(0) cewr(0) cepr(512) acbw(0) acbr(0) acpr(0)>}
    torq_hw.slice_profiling {max_cycle = 1024 : i32, slice_mem = 3136 : i32, slice_meminfo = "64x16+64x16+16+64x16", slice_ndl_cycles = #torq_hw<ndl_cycles dedr(1024) dewr(64) debr(0) deqw(1024) cedw(0) cedr(0) ceww(0) cewr(0) cepr(512) acbw(0) acbr(0) acpr(0)>}
    // CHECK: torq_hw.slice_task "fully_connected" d(%{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>) w(%{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>) b(%{{.*}} : memref<16xi32, #torq_hl<enc mem_space = lram>>) q(%{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>) symbols(%{{.*}}) mem_ndls [#torq_hw<ndl ref [L B 1]>, #torq_hw<ndl dedr [H D 64, H G 16, L B 4, S X 2]>, #torq_hw<ndl dewr [H D 64]>, #torq_hw<ndl deqw [H D 1024]>] reg_ndls [#torq_hw<ndl cepr [H D 512]>] {config = {mode = "fc"}}
    torq_hw.slice_task "fully_connected" d(%d : !L) w(%w : !L) b(%b : !B) q(%q : !L) symbols(%i)
        mem_ndls [#torq_hw<ndl ref [L B 1]>, #torq_hw<ndl dedr [H D 64, H G 16, L B 4, S X 2]>,
                  #torq_hw<ndl dewr [H D 64]>, #torq_hw<ndl deqw [H D 1024]>]
        reg_ndls [#torq_hw<ndl cepr [H D 512]>] {config = {mode = "fc"}}
    // CHECK: torq_hw.slice_task "copy" dx(%{{.*}} : memref<64x16xi8, #torq_hl<enc mem_space = lram>>) bx(%{{.*}} : memref<16xi32, #torq_hl<enc mem_space = lram>>) mem_ndls [] reg_ndls []
    torq_hw.slice_task "copy" dx(%d : !L) bx(%b : !B) mem_ndls [] reg_ndls []
    torq_hl.return
  }
  return
}
