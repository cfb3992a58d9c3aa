// A token alias to itself.
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
def : TokenAlias<"x", "x">;
