// An %enum_select without its enumeration name is fatal.
// ARGS: -gen-clang-diags-enums -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
let Component = "Sema" in
def err_no_name : Error<"%enum_select{%A{a}}0">;
