func.func @one_load(%x: memref<4096xi8>) {
  %l = memref.alloc() : memref<4096xi8, #torq_hl<enc mem_space = lram>>
  torq_hl.load %x : memref<4096xi8> to %l : memref<4096xi8, #torq_hl<enc mem_space = lram>> {input_strides_bytes = array<i64>, shape = array<i64>, element_size_bytes = 4096 : i64}
  return
}
