// A directive language: clauses with values, compound directives, associations, categories.
// ARGS: --gen-directive-impl -I inc
include "DirectiveBase.td"
def TestDirectiveLanguage : DirectiveLanguage {
  let name = "Tdl";
  let cppNamespace = "tdl::sub";
  let directivePrefix = "TDLD_";
  let clausePrefix = "TDLC_";
  let makeEnumAvailableInNamespace = 1;
  let enableBitmaskEnumInNamespace = 1;
  let flangClauseBaseClass = "TdlClause";
}
def TDLCV_vala : ClauseVal<"vala", 1, 1> {}
def TDLCV_valb : ClauseVal<"valb", 2, 1> {}
def TDLCV_valc : ClauseVal<"valc", 3, 0> { let isDefault = 1; }
def TDLC_ClauseA : Clause<"clausea"> {
  let enumClauseValue = "AKind";
  let allowedClauseValues = [TDLCV_vala, TDLCV_valb, TDLCV_valc];
}
def TDLC_ClauseB : Clause<"clauseb"> {
  let flangClass = "IntExpr";
  let isValueOptional = 1;
  let isDefault = 1;
}
def TDLC_ClauseC : Clause<"clausec"> {
  let clangClass = "ClauseC";
  let flangClass = "Name";
  let defaultValue = "*";
  let isValueOptional = 1;
}
def TDLC_ClauseD : Clause<"clause_d"> {
  let isImplicit = 1;
  let flangClass = "ScalarIntExpr";
  let isValueList = 1;
  let prefix = "pre";
  let isPrefixOptional = 1;
  let aliases = ["cd", "clausedee"];
}
def TDL_DirA : Directive<"dira"> {
  let allowedClauses = [VersionedClause<TDLC_ClauseA>, VersionedClause<TDLC_ClauseB, 2, 4>];
  let allowedOnceClauses = [VersionedClause<TDLC_ClauseC>];
  let isDefault = 1;
  let association = AS_Block;
  let category = CA_Executable;
}
def TDL_DirB : Directive<"dir b"> {
  let requiredClauses = [VersionedClause<TDLC_ClauseD>];
  let association = AS_Loop;
  let category = CA_Declarative;
}
def TDL_DirAB : Directive<"dira dir b"> {
  let leafConstructs = [TDL_DirA, TDL_DirB];
  let association = AS_FromLeaves;
  let category = CA_Executable;
}
def TDL_EndDirAB : Directive<"end dira dir b"> {
  let leafConstructs = [TDL_DirA, TDL_DirB];
  let association = AS_FromLeaves;
  let category = CA_Executable;
}
def TDL_DirC : Directive<"dirc"> {
  let alternativeName = "dir_c";
  let association = AS_None;
  let category = CA_Utility;
}
