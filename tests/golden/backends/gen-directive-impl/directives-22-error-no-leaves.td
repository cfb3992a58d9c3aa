// An association from leaves without leaves: LLVM 22's message names the directive by its def.
// RELEASE: 22
// ARGS: --gen-directive-impl -I inc
include "DirectiveBase-22.td"
def TestDirectiveLanguage : DirectiveLanguage { let name = "Tdl"; let cppNamespace = "tdl"; }
def TDLC_ClauseA : Clause<[Spelling<"clausea">]> { let isDefault = true; }
def TDL_DirA : Directive<[Spelling<"dira">]> { let isDefault = true; let category = CA_Utility; }
