// Attributes of every class of AttrBase.td, with spellings of every variety, target-specific
// attributes sharing a parse kind, and subject match rules.
include "AttrBase.td"

def SubRuleForCXXMethod : AttrSubjectMatcherSubRule<"is_member", [CXXMethod]> {
  let LangOpts = [CPlusPlus];
}
def SubjectMatcherForFunction : AttrSubjectMatcherRule<"function", [Function], [SubRuleForCXXMethod]>;
def SubRuleForParameter : AttrSubjectMatcherSubRule<"is_parameter", [ParmVar]>;
def SubRuleForNonParameter : AttrSubjectMatcherSubRule<"is_parameter", [NonParmVar], 1>;
def SubjectMatcherForVar : AttrSubjectMatcherRule<"variable", [Var],
                                                  [SubRuleForParameter, SubRuleForNonParameter]>;
def SubjectMatcherForRecord : AttrSubjectMatcherRule<"record", [Record]>;
def SubjectMatcherForNamed : AttrSubjectMatcherAggregateRule<Named>;

def AlwaysInlineDocs : Documentation {
  let Category = DocCatFunction;
  let Heading = "always_inline, __force_inline";
  let Content = [{
Inlining is done even without optimizations.
  }];
}
def AlwaysInline : DeclOrStmtAttr {
  let Spellings = [GCC<"always_inline">, CustomKeyword<"__forceinline">];
  let Subjects = SubjectList<[Function, NullStmt], ErrorDiag>;
  let Documentation = [AlwaysInlineDocs];
}
def Aligned : InheritableAttr {
  let Spellings = [GCC<"aligned">, Declspec<"align">, CustomKeyword<"alignas">,
                   CustomKeyword<"_Alignas">];
  let Args = [AlignedArgument<"Alignment", 1>];
  let Documentation = [Undocumented];
}
def Deprecated : InheritableAttr {
  let Spellings = [GCC<"deprecated">, Declspec<"deprecated">, CXX11<"", "deprecated", 201309>,
                   C23<"", "deprecated", 201904>];
  let Args = [StringArgument<"Message", 1>, StringArgument<"Replacement", 1, 1>];
  let MeaningfulToClassTemplateDefinition = 1;
  let Documentation = [Undocumented];
}
def NoDeref : TypeAttr {
  let Spellings = [Clang<"noderef">];
  let Documentation = [Undocumented];
}
def CDecl : DeclOrTypeAttr {
  let Spellings = [GCC<"cdecl">, CustomKeyword<"__cdecl">, CustomKeyword<"_cdecl">];
  let Documentation = [Undocumented];
}
def FallThrough : StmtAttr {
  let Spellings = [CXX11<"", "fallthrough", 201603>, C23<"", "fallthrough", 201910>,
                   CXX11<"clang", "fallthrough">, GCC<"fallthrough">];
  let Subjects = SubjectList<[NullStmt], ErrorDiag, "empty statements">;
  let Documentation = [Undocumented];
}
def NonNull : InheritableParamAttr {
  let Spellings = [GCC<"nonnull">];
  let Subjects = SubjectList<[ParmVar, Function], WarnDiag>;
  let Args = [VariadicExprArgument<"Args">];
  let Documentation = [Undocumented];
}
def Annotate : InheritableParamOrStmtAttr {
  let Spellings = [Clang<"annotate">];
  let Args = [StringArgument<"Annotation">, VariadicExprArgument<"Args">];
  let PragmaAttributeSupport = 1;
  let AcceptsExprPack = 1;
  let Documentation = [Undocumented];
}
def SwiftContext : ParameterABIAttr {
  let Spellings = [Clang<"swift_context">];
  let Documentation = [Undocumented];
}
def HLSLShader : HLSLAnnotationAttr {
  let Spellings = [HLSLAnnotation<"shader">];
  let Documentation = [Undocumented];
}
def HLSLSVPosition : HLSLSemanticBaseAttr {
  let Spellings = [HLSLAnnotation<"sv_position">];
  let Documentation = [Undocumented];
}
def ARMInterrupt : InheritableAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [GCC<"interrupt">];
  let Args = [IdentifierArgument<"Interrupt", 1>];
  let ParseKind = "Interrupt";
  let HasCustomParsing = 1;
  let Documentation = [Undocumented];
}
def X86Interrupt : InheritableAttr, TargetSpecificAttr<TargetX86> {
  let Spellings = [GCC<"interrupt">];
  let Subjects = SubjectList<[Function]>;
  let ParseKind = "Interrupt";
  let HasCustomParsing = 1;
  let Documentation = [Undocumented];
}
def DLLExport : InheritableAttr, TargetSpecificAttr<TargetWindows> {
  let Spellings = [Declspec<"dllexport">, GCC<"dllexport">];
  let Subjects = SubjectList<[Function, Var]>;
  let Documentation = [Undocumented];
}
def Weak : InheritableAttr {
  let Spellings = [GCC<"weak">];
  let Subjects = SubjectList<[Var, Function, Record]>;
  let TargetSpecificSpellings = [TargetSpecificSpelling<TargetELF, [GCC<"weak">]>];
  let Documentation = [Undocumented];
}
def ArmStreaming : TypeAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [RegularKeyword<"__arm_streaming">];
  let Documentation = [Undocumented];
}
def ArmIn : TypeAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [RegularKeyword<"__arm_in">];
  let Args = [VariadicStringArgument<"InArgs">];
  let Documentation = [Undocumented];
}
def Unused : InheritableAttr {
  let Spellings = [CXX11<"", "maybe_unused", 201603>, GCC<"unused">, C23<"", "maybe_unused", 202106>];
  let Subjects = SubjectList<[Var, Function, Record]>;
  let Documentation = [Undocumented];
}
def LoopHint : Attr {
  let Spellings = [Pragma<"clang", "loop">, Pragma<"", "unroll">];
  let Args = [IntArgument<"Option">, ExprArgument<"Value">];
  let HasCustomParsing = 1;
  let IsTypeDependent = 1;
  let Documentation = [Undocumented];
}
def VecTypeHint : InheritableAttr {
  let Spellings = [GNU<"vec_type_hint">, CXX11<"", "vec_type_hint", 201000>];
  let Args = [TypeArgument<"TypeHint">, BoolArgument<"Strict", 1>, VariadicStringArgument<"Tags">];
  let Subjects = SubjectList<[Function]>;
  let Documentation = [Undocumented];
}
def Uuid : InheritableAttr {
  let Spellings = [Declspec<"uuid">, Microsoft<"uuid">];
  let Args = [StringArgument<"Guid">];
  let Subjects = SubjectList<[Record]>;
  let Documentation = [Undocumented];
}
def Mode : Attr {
  let Spellings = [GCC<"mode">];
  let Subjects = SubjectList<[Var]>;
  let Args = [IdentifierArgument<"Mode">];
  let SemaHandler = 0;
  let Documentation = [Undocumented];
}
def Visibility : InheritableAttr {
  let Spellings = [GCC<"visibility">];
  let Args = [StringArgument<"Visibility">];
  let IsTypeDependent = 1;
  let Documentation = [Undocumented];
}
def Packed : IgnoredAttr {
  let Spellings = [Declspec<"packed">, GCC<"__packed__">];
}
