// The NEON vector types, from clang-tblgen's own list: no record is read, LLVM 22.
// RELEASE: 22
// ARGS: -gen-arm-vector-type
def Unread;
