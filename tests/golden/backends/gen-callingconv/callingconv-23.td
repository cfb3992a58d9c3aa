// Every action of TargetCallingConv.td, with LLVM 23's Target.td.
// RELEASE: 23
// ARGS: --gen-callingconv -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "cc-target.td"
