// A small target's SelectionDAG selector (LLVM 22): own patterns, Pats, variants, a complex pattern, a transform.
// RELEASE: 22
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "isel-target.td"
