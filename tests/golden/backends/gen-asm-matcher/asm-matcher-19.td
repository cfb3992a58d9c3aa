// The matcher of a small target: classes, converters, aliases, custom parsers and tables (LLVM 19).
// ARGS: --gen-asm-matcher -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "am-target.td"
include "am-aliases.td"
