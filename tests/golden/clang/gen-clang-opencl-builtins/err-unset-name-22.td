// A type whose name is unset (each release words the error its way).
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLBase.td"

def Int : Type<"int", QualType<"Context.IntTy">>;
def Bad : Type<"bad", QualType<"Context.BadTy">> { let Name = ?; }
