// IntrRead of a memory location LLVM 22 does not accept.
// ARGS: --gen-intrinsic-impl -I inc
// RELEASE: 22
include "Intrinsics-22.td"
def int_foo : Intrinsic<[], [], [0], [IntrRead<[ErrnoMem]>]>;
