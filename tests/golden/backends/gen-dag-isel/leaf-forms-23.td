// An i8 immediate above 127 in a result pattern, kept as written (LLVM 23; 22 sign-extends it), and a
// RegClassByHwMode leaf in an input and a result pattern, which always matches.
// RELEASE: 23
// ARGS: --gen-dag-isel -omit-comments -D PTR_BY_MODE -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "leaf-target.td"
