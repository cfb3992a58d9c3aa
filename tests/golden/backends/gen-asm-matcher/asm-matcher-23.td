// The matcher of a small target: classes, converters, aliases, custom parsers and tables (LLVM 23).
// RELEASE: 23
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
