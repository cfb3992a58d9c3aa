// LLVM 23's form: versioned spellings, Clang's OpenACC clause sets, source languages, loop modifiers.
// RELEASE: 23
// ARGS: --gen-directive-impl -I inc
include "DirectiveBase-23.td"
def TestDirectiveLanguage : DirectiveLanguage {
  let name = "OpenACC";
  let cppNamespace = "tdl";
  let directivePrefix = "TDLD_";
  let clausePrefix = "TDLC_";
  let loopModifierPrefix = "TDLLM_";
  let makeEnumAvailableInNamespace = true;
  let enableBitmaskEnumInNamespace = true;
  let clauseEnumSetClass = "TdlClauseSet";
  let flangClauseBaseClass = "TdlClause";
}
def TDLCV_vala : EnumVal<"vala", 1, 1> {}
def TDLCV_valb : EnumVal<"valb", 2, 1> { let isDefault = true; }
def TDLC_ClauseA : Clause<[Spelling<"clausea">]> {
  let enumClauseValue = "AKind";
  let allowedClauseValues = [TDLCV_vala, TDLCV_valb];
}
def TDLC_ClauseB : Clause<[Spelling<"clauseb">, Spelling<"cb", 5>, Spelling<"clause_bee", 2, 4>]> {
  let flangClass = "IntExpr";
  let isValueOptional = true;
  let isDefault = true;
}
def TDLC_ClauseC : Clause<[Spelling<"clausec">]> {
  let clangClass = "ClauseC";
  let flangClass = "Name";
  let defaultValue = "*";
  let isValueOptional = true;
  let clangAccSpelling = "ClauseSee";
}
def TDLC_ClauseD : Clause<[Spelling<"clause_d">]> {
  let isImplicit = true;
  let flangClass = "ScalarIntExpr";
  let isValueList = true;
  let prefix = "pre";
}
def TDLC_ClauseE : Clause<[Spelling<"clause_e">]> { let skipFlangUnparser = true; }
def TDL_DirA : Directive<[Spelling<"dira">]> {
  let allowedClauses = [VersionedClause<TDLC_ClauseA>, VersionedClause<TDLC_ClauseB, 2, 4>];
  let allowedOnceClauses = [VersionedClause<TDLC_ClauseC>, VersionedClause<TDLC_ClauseE>];
  let isDefault = true;
  let association = AS_Block;
  let category = CA_Executable;
  let languages = [L_C];
}
def TDL_DirB : Directive<[Spelling<"dir b">, Spelling<"dirbee", 3>]> {
  let requiredClauses = [VersionedClause<TDLC_ClauseD>];
  let association = AS_LoopNest;
  let category = CA_Declarative;
  let allowedLoopModifiers = [LM_Fused, LM_Grid];
}
def TDL_DirAB : Directive<[Spelling<"dira dir b">]> {
  let leafConstructs = [TDL_DirA, TDL_DirB];
  let category = CA_Executable;
}
def TDL_EndDirAB : Directive<[Spelling<"end dira dir b">]> {
  let leafConstructs = [TDL_DirA, TDL_DirB];
  let category = CA_Executable;
  let languages = [L_Fortran];
}
def TDL_Unknown : Directive<[Spelling<"unknown">]> {
  let association = AS_None;
  let category = CA_Utility;
}
