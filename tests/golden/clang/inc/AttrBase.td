// A small model of clang's Attr.td (clang/include/clang/Basic/Attr.td): the classes of
// attributes, their spellings, arguments, subjects, targets and documentation, and a few
// declaration nodes, for the cases of the -gen-clang-attr-* backends.

class DocumentationCategory<string name> {
  string Name = name;
  code Content = [{}];
}
def DocCatFunction : DocumentationCategory<"Function Attributes">;
def DocCatUndocumented : DocumentationCategory<"Undocumented">;
def DocCatInternalOnly : DocumentationCategory<"InternalOnly">;
class DocDeprecated<string replacement = ""> { string Replacement = replacement; }
class Documentation {
  DocumentationCategory Category;
  code Content;
  string Heading = "";
  DocDeprecated Deprecated;
  string Label = "";
}
def InternalOnly : Documentation { let Category = DocCatInternalOnly; }
def Undocumented : Documentation {
  let Category = DocCatUndocumented;
  let Content = "No documentation.";
}

class AttrSubject;
class DeclNode<DeclNode base, string diagSpelling = "", bit abstract = 0> : AttrSubject {
  DeclNode Base = base;
  bit Abstract = abstract;
  string DiagSpelling = diagSpelling;
}
def Decl : DeclNode<?, "", 1>;
def Named : DeclNode<Decl, "named declarations", 1>;
def Value : DeclNode<Named, "value declarations", 1>;
def Function : DeclNode<Value, "functions">;
def CXXMethod : DeclNode<Function, "C++ methods">;
def Var : DeclNode<Value, "variables">;
def ParmVar : DeclNode<Var, "parameters">;
def Record : DeclNode<Named, "records">;
class StmtNode<StmtNode base, bit abstract = 0> : AttrSubject {
  StmtNode Base = base;
  bit Abstract = abstract;
}
def Stmt : StmtNode<?, 1>;
def NullStmt : StmtNode<Stmt>;
class SubsetSubject<AttrSubject base, code check, string diag> : AttrSubject {
  AttrSubject Base = base;
  code CheckCode = check;
  string DiagSpelling = diag;
}
def NonParmVar : SubsetSubject<Var, [{S->getKind() != Decl::ParmVar}], "variables">;

class Argument<string name, bit optional, bit fake = 0> {
  string Name = name;
  bit Optional = optional;
  bit Fake = fake;
}
class AlignedArgument<string name, bit opt = 0> : Argument<name, opt>;
class BoolArgument<string name, bit opt = 0, bit fake = 0> : Argument<name, opt, fake>;
class IdentifierArgument<string name, bit opt = 0> : Argument<name, opt>;
class IntArgument<string name, bit opt = 0> : Argument<name, opt>;
class StringArgument<string name, bit opt = 0, bit fake = 0> : Argument<name, opt, fake>;
class ExprArgument<string name, bit opt = 0> : Argument<name, opt>;
class TypeArgument<string name, bit opt = 0> : Argument<name, opt>;
class UnsignedArgument<string name, bit opt = 0> : Argument<name, opt>;
class VariadicExprArgument<string name, bit fake = 0> : Argument<name, 1, fake>;
class VariadicStringArgument<string name> : Argument<name, 1>;

class Spelling<string name, string variety, int version = 1> {
  string Name = name;
  string Variety = variety;
  int Version = version;
}
class GNU<string name> : Spelling<name, "GNU">;
class Declspec<string name> : Spelling<name, "Declspec">;
class Microsoft<string name> : Spelling<name, "Microsoft">;
class CXX11<string namespace, string name, int version = 1> : Spelling<name, "CXX11", version> {
  string Namespace = namespace;
}
class C23<string namespace, string name, int version = 1> : Spelling<name, "C23", version> {
  string Namespace = namespace;
}
class Keyword<string name, bit hasOwnParseRules> : Spelling<name, "Keyword"> {
  bit HasOwnParseRules = hasOwnParseRules;
}
class RegularKeyword<string name> : Keyword<name, 0> {}
class CustomKeyword<string name> : Keyword<name, 1> {}
class Pragma<string namespace, string name> : Spelling<name, "Pragma"> {
  string Namespace = namespace;
}
class GCC<string name, bit allowInC = 1> : Spelling<name, "GCC"> { bit AllowInC = allowInC; }
class Clang<string name, bit allowInC = 1, int version = 1> : Spelling<name, "Clang", version> {
  bit AllowInC = allowInC;
}
class HLSLAnnotation<string name> : Spelling<name, "HLSLAnnotation">;

class Accessor<string name, list<Spelling> spellings> {
  string Name = name;
  list<Spelling> Spellings = spellings;
}
class SubjectDiag<bit warn> { bit Warn = warn; }
def WarnDiag : SubjectDiag<1>;
def ErrorDiag : SubjectDiag<0>;
class SubjectList<list<AttrSubject> subjects, SubjectDiag diag = WarnDiag, string customDiag = ""> {
  list<AttrSubject> Subjects = subjects;
  SubjectDiag Diag = diag;
  string CustomDiag = customDiag;
}
class LangOpt<string name, code customCode = [{}]> {
  string Name = name;
  code CustomCode = customCode;
}
def CPlusPlus : LangOpt<"CPlusPlus">;

class TargetSpec {
  list<string> Arches = [];
  list<string> OSes;
  list<string> ObjectFormats;
  code CustomCode = [{}];
}
class TargetArch<list<string> arches> : TargetSpec { let Arches = arches; }
def TargetARM : TargetArch<["arm", "thumb"]>;
def TargetX86 : TargetArch<["x86", "x86_64"]>;
def TargetWindows : TargetSpec { let OSes = ["Win32"]; }
def TargetELF : TargetSpec {
  let ObjectFormats = ["ELF"];
  let CustomCode = [{ Target.hasFeature("x") }];
}
class TargetSpecificSpelling<TargetSpec target, list<Spelling> spellings> {
  TargetSpec Target = target;
  list<Spelling> Spellings = spellings;
}

class AttrSubjectMatcherSubRule<string name, list<AttrSubject> subjects, bit negated = 0> {
  string Name = name;
  list<AttrSubject> Subjects = subjects;
  bit Negated = negated;
  list<LangOpt> LangOpts = [];
}
class AttrSubjectMatcherRule<string name, list<AttrSubject> subjects,
                             list<AttrSubjectMatcherSubRule> subrules = []> {
  string Name = name;
  list<AttrSubject> Subjects = subjects;
  list<AttrSubjectMatcherSubRule> Constraints = subrules;
  list<LangOpt> LangOpts = [];
}
class AttrSubjectMatcherAggregateRule<AttrSubject subject> { AttrSubject Subject = subject; }

class LateAttrParseKind<int val> { int Kind = val; }
def LateAttrParseNever : LateAttrParseKind<0>;
def LateAttrParseStandard : LateAttrParseKind<1>;
def LateAttrParseExperimentalExt : LateAttrParseKind<2>;

class Attr {
  list<Spelling> Spellings;
  SubjectList Subjects;
  list<Argument> Args = [];
  list<Accessor> Accessors = [];
  list<TargetSpecificSpelling> TargetSpecificSpellings = [];
  LateAttrParseKind LateParsed = LateAttrParseNever;
  bit Clone = 1;
  bit TemplateDependent = 0;
  bit ASTNode = 1;
  bit SemaHandler = 1;
  bit SimpleHandler = 0;
  bit Ignored = 0;
  bit HasCustomParsing = 0;
  bit HasCustomSerialization = 0;
  bit ParseArgumentsAsUnevaluated = 0;
  bit MeaningfulToClassTemplateDefinition = 0;
  bit PragmaAttributeSupport;
  bit AcceptsExprPack = 0;
  bit StrictEnumParameters = 0;
  bit IsTypeDependent = 0;
  bit ParseArgsInFunctionScope = 0;
  list<LangOpt> LangOpts = [];
  code AdditionalMembers = [{}];
  string comparisonFn = "";
  string profileFn = "";
  list<Documentation> Documentation;
}
class TypeAttr : Attr;
class StmtAttr : Attr;
class InheritableAttr : Attr { bit InheritEvenIfAlreadyPresent = 0; }
class DeclOrTypeAttr : InheritableAttr;
class DeclOrStmtAttr : InheritableAttr;
class HLSLAnnotationAttr : InheritableAttr;
class HLSLSemanticBaseAttr : HLSLAnnotationAttr;
class TargetSpecificAttr<TargetSpec target> {
  TargetSpec Target = target;
  string ParseKind;
}
class InheritableParamAttr : InheritableAttr;
class InheritableParamOrStmtAttr : InheritableParamAttr;
class ParameterABIAttr : InheritableParamAttr { let Subjects = SubjectList<[ParmVar]>; }
class IgnoredAttr : Attr {
  let Ignored = 1;
  let ASTNode = 0;
  let SemaHandler = 0;
  let Documentation = [InternalOnly];
}
