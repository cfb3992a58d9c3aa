// No default directive: an error, and the output goes on.
// RELEASE: 23
// ARGS: --gen-directive-impl -I inc
include "DirectiveBase-23.td"
def TestDirectiveLanguage : DirectiveLanguage { let name = "Tdl"; let cppNamespace = "tdl"; }
def TDLC_ClauseA : Clause<[Spelling<"clausea">]> { let isDefault = true; }
def TDL_DirA : Directive<[Spelling<"dira">]> { let association = AS_None; let category = CA_Utility; }
