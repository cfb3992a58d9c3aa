// The enumerations of %enum_select, of one component, with a substitution's.
// ARGS: -gen-clang-diags-enums -clang-component=Sema -I ../inc
// RELEASE: 22
include "DiagnosticBase.td"
def sub_enum : TextSubstitution<"%enum_select<SubKind>{%A{a}|%B{b}}0">;
let Component = "Sema" in {
def err_kinds : Error<"%enum_select<Kind>{%Var{variable}|function|%Cls{class}}0 here">;
def err_nested : Error<"%select{x|%enum_select<Inner>{%In{in}|out}1}0">;
def err_sub : Error<"%sub{sub_enum}0">;
}
let Component = "Common" in
def err_other : Error<"%enum_select<Other>{%O{o}}0">;
