// No default clause: an error, and the output goes on.
// ARGS: --gen-directive-impl -I inc
include "DirectiveBase.td"
def TestDirectiveLanguage : DirectiveLanguage { let name = "Tdl"; }
def TDLC_ClauseA : Clause<"clausea">;
def TDL_DirA : Directive<"dira"> { let isDefault = 1; let association = AS_None; let category = CA_Utility; }
