// Each kind of builtin as LLVM 22's tables: a required name prefix, a target library builtin,
// multi-index attributes, address spaces, `_Vector`, `signed`, OpenCL's `long long`.
// RELEASE: 22
// ARGS: -gen-clang-builtins -I ../inc
include "Builtins.td"
include "common.inc"
def Pfx : NamePrefix<"__pfx_">;
def : Builtin { let Spellings = ["one"]; let Prototype = "int()"; let RequiredNamePrefix = Pfx; }
def : TargetLibBuiltin { let Spellings = ["_tl"]; let Prototype = "void(int address_space<3>*, int address_space<1>&)"; let Header = "intrin.h"; let Features = "avx"; let Attributes = [Callback<[0, 2]>]; }
def : Builtin { let Spellings = ["__builtin_ocl"]; let Prototype = "long long int(signed char, _Vector<2, __bf16>)"; let EnableOpenCLLong = 1; }
def : Builtin { let Spellings = ["__builtin_empty"]; let Prototype = ""; }
