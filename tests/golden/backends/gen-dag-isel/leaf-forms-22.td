// An i8 immediate above 127 in a result pattern, sign-extended from 8 bits (LLVM 22), and a
// RegClassByHwMode leaf in an input and a result pattern, which always matches.
// RELEASE: 22
// ARGS: --gen-dag-isel -omit-comments -D PTR_BY_MODE -I ../../../../../shared/corpus/llvm-22.1.8/llvm/include -I inc
include "llvm/Target/Target.td"
include "leaf-target.td"
