// A small target's fast instruction selector (LLVM 19: `unsigned` registers, `getName` types, a pointer-typed immediate predicate).
// RELEASE: 19
// ARGS: --gen-fast-isel -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "fisel-target.td"
