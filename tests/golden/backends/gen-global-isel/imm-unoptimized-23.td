// Constants with immediate predicates, timm, bb and the sub-register instructions, -optimize-match-table=false (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel -warn-on-skipped-patterns -optimize-match-table=false -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "imm-common.td"
