// A type whose extension is unset, in a builtin whose minimum version is unset too: the tests
// read the signature's types first.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtin-tests -I ../inc
include "OpenCLBase.td"

def Int : Type<"int", QualType<"Context.IntTy">>;
def Bad : Type<"bad", QualType<"Context.BadTy">> { let Extension = ?; }
def : Builtin<"f", [Int, Int], Attr.Const>;
def : Builtin<"g", [Int, Bad]> { let MinVersion = ?; }
