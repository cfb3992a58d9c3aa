// LLVM 22's modifiers: %enum_select, %human and %quoted.
// ARGS: -gen-clang-diags-defs -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Common" in {
def err_enum : Error<"%enum_select<Kind>{%First{a}|b|%Third{c}}0 %human1 %quoted2">;
def err_angle : Error<"%select<X>{a|b}0">;
}
