// A target whose DMA is so slow that a transfer's cycles overflow i64: a
// located error, not a negative torq-async-duration-cycles.
// RUN: torq-opt %s -verify-diagnostics --torq-annotate-dma-and-slice-cycles='torq-hw=0:8:2:coral_v1:nss_v1:0.001:0.001'

!X = memref<4611686018427387904xi8>
!L = memref<4611686018427387904xi8, #torq_hl<enc mem_space = lram>>
func.func @slow(%x: !X, %l: !L) {
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: a transfer of 4611686018427387904 bytes takes 18446744073709551615 cycles: more than an i64 holds}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4611686018427387904 : i64}
  return
}
