// Every action of TargetCallingConv.td, with LLVM 22's Target.td.
// RELEASE: 22
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "cc-target.td"
