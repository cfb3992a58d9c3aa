tblgen --gen-disassembler -I ../golden/backends/gen-x86-fold-tables/inc -I ../../../shared/corpus/llvm-19.1.7/llvm/include inputs/x86-disasm-evex-l.td
