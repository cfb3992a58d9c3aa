// Constants with immediate predicates, timm, bb and the sub-register instructions, -optimize-match-table=false (LLVM 19).
// ARGS: --gen-global-isel -warn-on-skipped-patterns -optimize-match-table=false -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "imm-common.td"
