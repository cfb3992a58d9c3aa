// A builtin whose maximum version is unset: the error comes when its overloads are compared
// with those of another function of the same signatures.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLBase.td"

def Int : Type<"int", QualType<"Context.IntTy">>;
def : Builtin<"f", [Int, Int], Attr.Const>;
def : Builtin<"g", [Int, Int], Attr.Const> { let MaxVersion = ?; }
