// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, -optimize-match-table=false (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -warn-on-skipped-patterns -optimize-match-table=false -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "copy-common.td"
