// A target whose DMA is so slow that a transfer's cycles exceed the 2^40 the
// passes take (a block's times are sums of such cycles): a located error,
// not a duration the scheduler's sums could overflow on.
// RUN: torq-opt %s -verify-diagnostics --torq-annotate-dma-and-slice-cycles='torq-hw=0:8:2:coral_v1:nss_v1:0.001:0.001'

!X = memref<1099511627776xi8>
!L = memref<1099511627776xi8, #torq_hl<enc mem_space = lram>>
func.func @slow(%x: !X, %l: !L) {
  // expected-error @+1 {{torq-annotate-dma-and-slice-cycles: a transfer of 1099511627776 bytes takes 1202590842880000000 cycles: more than the 2^40 the passes take}}
  torq_hl.load %x : !X to %l : !L {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 1099511627776 : i64}
  return
}
