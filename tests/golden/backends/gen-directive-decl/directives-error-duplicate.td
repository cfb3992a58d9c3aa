// A clause allowed twice on a directive.
// ARGS: --gen-directive-decl -I inc
include "DirectiveBase.td"
def TestDirectiveLanguage : DirectiveLanguage { let name = "Tdl"; }
def TDLC_ClauseA : Clause<"clausea"> { let isDefault = 1; }
def TDL_DirA : Directive<"dira"> {
  let allowedClauses = [VersionedClause<TDLC_ClauseA>, VersionedClause<TDLC_ClauseA>];
  let requiredClauses = [VersionedClause<TDLC_ClauseA>];
}
