// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, -optimize-match-table=false (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -warn-on-skipped-patterns -optimize-match-table=false -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "copy-common.td"
