// Implicit defs and uses, COPY_TO_REGCLASS, a register-class destination, -optimize-match-table=false (LLVM 19).
// RELEASE: 19
// ARGS: --gen-global-isel -warn-on-skipped-patterns -optimize-match-table=false -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "copy-common.td"
