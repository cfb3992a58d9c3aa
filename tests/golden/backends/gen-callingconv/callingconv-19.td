// Every action of TargetCallingConv.td, with LLVM 19's Target.td.
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "cc-target.td"
