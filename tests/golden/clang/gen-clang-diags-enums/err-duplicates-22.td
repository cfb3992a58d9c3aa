// An enumeration named twice and an enumerator named twice are errors.
// ARGS: -gen-clang-diags-enums -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Sema" in {
def err_first : Error<"%enum_select<Dup>{%A{a}}0">;
def err_second : Error<"%enum_select<Dup>{%B{b}}0">;
def err_value : Error<"%enum_select<Values>{%V{one}|%V{two}}0">;
}
