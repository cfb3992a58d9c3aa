// LLVM 19 knows no %enum_select.
// ARGS: -gen-clang-diags-defs -I ../inc
include "DiagnosticBase.td"
let Component = "Common" in
def err_enum : Error<"%enum_select<Kind>{%First{a}|b}0">;
