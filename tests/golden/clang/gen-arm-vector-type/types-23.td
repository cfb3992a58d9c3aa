// The NEON vector types, from clang-tblgen's own list: no record is read, LLVM 23.
// RELEASE: 23
// ARGS: -gen-arm-vector-type
def Unread;
