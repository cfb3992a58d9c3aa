// The NEON vector types, from clang-tblgen's own list: no record is read.
// ARGS: -gen-arm-vector-type
def Unread;
