// A builtin whose minimum version is unset: the header reads it before the signature.
// ARGS: -gen-clang-opencl-builtin-header -I ../inc
include "OpenCLBase.td"

def Int : Type<"int", QualType<"Context.IntTy">>;
def : Builtin<"f", [Int, Int], Attr.Const>;
def : Builtin<"g", [Int, Int], Attr.Const> { let MinVersion = ?; }
