// Constants with immediate predicates, timm, bb and the sub-register instructions (LLVM 22).
// RELEASE: 22
// ARGS: --gen-global-isel -warn-on-skipped-patterns -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "imm-common.td"
