// A small target's SelectionDAG selector (LLVM 19): own patterns, Pats, variants, a complex pattern, a transform.
// RELEASE: 19
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "isel-target.td"
