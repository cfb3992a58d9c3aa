// An alias whose result is not an instruction.
// RELEASE: 22
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def : InstAlias<"bad $dst", (GPR GPR:$dst)>;
