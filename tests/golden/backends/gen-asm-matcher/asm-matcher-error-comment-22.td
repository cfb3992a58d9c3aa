// An assembly string with the variant's comment delimiter in it.
// RELEASE: 22
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
let Namespace = "Test" in def BAD : Instruction { let OutOperandList = (outs); let InOperandList = (ins); let AsmString = "bad ; comment"; }
