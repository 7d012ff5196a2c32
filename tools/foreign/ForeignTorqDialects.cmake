# torq_foreign_dialects(TARGET): adds the foreign torq_hl / torq_hw dialects
# (every attribute and type kept as printed text, every op unknown) to
# executable TARGET: their ODS generated into the current build folder and
# ForeignTorq.cpp compiled into it. Used by torq-sched's foreign host and by
# the host examples, which need torq dialects that are not this project's.
# Needs mlir_tablegen (MLIR's AddMLIR) and MLIR's .td files on the include path.
set(TORQ_FOREIGN_DIR ${CMAKE_CURRENT_LIST_DIR})
function(torq_foreign_dialects target)
  set(TABLEGEN_OUTPUT "")
  set(LLVM_TARGET_DEFINITIONS ${TORQ_FOREIGN_DIR}/ForeignTorq.td)
  foreach(d HL HW)
    string(TOLOWER "torq_${d}" dialect)
    mlir_tablegen(ForeignTorq${d}Dialect.h.inc -gen-dialect-decls -dialect=${dialect})
    mlir_tablegen(ForeignTorq${d}Dialect.cpp.inc -gen-dialect-defs -dialect=${dialect})
    mlir_tablegen(ForeignTorq${d}Attrs.h.inc -gen-attrdef-decls -attrdefs-dialect=${dialect})
    mlir_tablegen(ForeignTorq${d}Attrs.cpp.inc -gen-attrdef-defs -attrdefs-dialect=${dialect})
    mlir_tablegen(ForeignTorq${d}Types.h.inc -gen-typedef-decls -typedefs-dialect=${dialect})
    mlir_tablegen(ForeignTorq${d}Types.cpp.inc -gen-typedef-defs -typedefs-dialect=${dialect})
  endforeach()
  add_custom_target(${target}ForeignTorqIncGen DEPENDS ${TABLEGEN_OUTPUT})
  add_dependencies(${target} ${target}ForeignTorqIncGen)
  target_sources(${target} PRIVATE ${TORQ_FOREIGN_DIR}/ForeignTorq.cpp)
  target_include_directories(${target} PRIVATE ${TORQ_FOREIGN_DIR} ${CMAKE_CURRENT_BINARY_DIR})
endfunction()
