// Diagnostics of two components, groups, categories, substitutions and -Wpedantic members,
// for the diagnostics backends' cases.
include "DiagnosticBase.td"

def GlobalDocumentation : Documentation {
  let Intro = [{..
  A small diagnostics reference.
}];
}

def Pedantic : DiagGroup<"pedantic">;
def UnusedVariable : DiagGroup<"unused-variable">;
def UnusedValue : DiagGroup<"unused-value">;
def Unused : DiagGroup<"unused", [UnusedVariable, UnusedValue]> {
  code Documentation = [{ Warns about unused things. }];
}
def Extra : DiagGroup<"extra", [Unused]>;
def All : DiagGroup<"all", [Extra]>;
def Deprecated : DiagGroup<"deprecated"> { let CategoryName = "Deprecations"; }
def DeprecatedDecl : DiagGroup<"deprecated-declarations">;
def DeprecatedAll : DiagGroup<"deprecated-all", [Deprecated, DeprecatedDecl]>;
def GNUStatementExpression : DiagGroup<"gnu-statement-expression">;
def GNU : DiagGroup<"gnu", [GNUStatementExpression]>;
def Optimization : DiagGroup<"pass-optimization">;
def GCCOnly : DiagGroup<"gcc-only">;
def Synonym : DiagGroup<"synonym", [UnusedValue]>;

def select_kind : TextSubstitution<"%select{function|variable|class}0">;
def sub_twice : TextSubstitution<"%sub{select_kind}1 %0 is %plural{1:one|:many}1">;

let Component = "Common" in {
  def err_expected : Error<"expected %0">;
  def err_quoted : Error<"expected \"%0\" or '\\' here">;
  def warn_unused_var : Warning<"unused variable %0">, InGroup<UnusedVariable>;
  def warn_unused_value : Warning<"expression result unused; %diff{from $ to $|between types}0,1">,
    InGroup<UnusedValue>, DefaultIgnore;
  def warn_deprecated : Warning<"%0 is deprecated">, InGroup<Deprecated>, Deferrable;
  def note_here : Note<"declared here">;
  def remark_pass : Remark<"%0 optimized %ordinal1 time">, InGroup<Optimization>;
}

let Component = "Sema" in {
  let CategoryName = "Semantic Issue" in {
    def ext_gnu_statement_expr : Extension<"use of GNU statement expression extension">,
      InGroup<GNUStatementExpression>;
    def ext_plain : Extension<"%q0 is a C2y extension">;
    def ext_warn : ExtWarn<"%select{|non-}0standard %s1 used">;
    def err_sub : Error<"cannot use %sub{sub_twice}2,3">;
    def warn_inline_group : Warning<"inline group %0">, InGroup<DiagGroup<"inline-group">>,
      DefaultWarnNoWerror;
    def warn_deprecated_decl : Warning<"%0 was deprecated in %1">, InGroup<DeprecatedDecl>,
      ShowInSystemHeader, StableId<"deprecated-declaration">,
      LegacyStableIds<["old-deprecated", "older-deprecated"]>;
    def err_objc : Error<"class %objcclass0 has no method %objcinstance1">, DefaultError;
  }
  def warn_umlaut : Warning<"café %0">, InGroup<DiagGroup<"inline-group">>;
}
