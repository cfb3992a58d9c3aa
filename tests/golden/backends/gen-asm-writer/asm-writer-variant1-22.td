// The second assembly writer: another class name, variant 1 of each string, no subtarget.
// RELEASE: 22
// ARGS: --gen-asm-writer -asmwriternum=1 -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
include "aw-aliases.td"
