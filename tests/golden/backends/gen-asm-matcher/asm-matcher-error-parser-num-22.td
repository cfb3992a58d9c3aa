// An assembly parser number the target does not have.
// RELEASE: 22
// ARGS: --gen-asm-matcher -asmparsernum=1 -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
