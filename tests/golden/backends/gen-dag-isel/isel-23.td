// A small target's SelectionDAG selector (LLVM 23): own patterns, Pats, variants, a complex pattern, a transform.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "isel-target.td"
