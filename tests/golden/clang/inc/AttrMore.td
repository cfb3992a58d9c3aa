// What AttrSample.td and AttrArgs.td leave out for the attribute classes and Sema's parsed
// attribute helpers: accessors of spellings, mutually exclusive attributes (declaration,
// statement and both), language options (a custom test too), a simple handler, custom
// comparison and profile functions, subset subjects, a statement-only subject list, a
// #pragma rule over a subset subject, fake and optional arguments, a regular keyword and
// spellings whose names differ only by underscores.
include "AttrBase.td"

class MutualExclusions<list<Attr> Ex> { list<Attr> Exclusions = Ex; }
def OpenCL : LangOpt<"OpenCL">;
def COnly : LangOpt<"", [{!LangOpts.CPlusPlus}]>;
def NonStaticMethod : SubsetSubject<CXXMethod, [{!S->isStatic()}], "non-static member functions">;
def GlobalVar : SubsetSubject<Var, [{S->hasGlobalStorage()}], "global variables">;
def NoSpellingNode : DeclNode<Decl, "", 1>;
def Field : DeclNode<Value, "non-static data members, bit-fields">;
def DeclBase : AttrSubject { string DiagSpelling = "declarations"; }

def SubjectMatcherForGlobalVar : AttrSubjectMatcherRule<"global_var", [GlobalVar]> {
  let LangOpts = [OpenCL, COnly];
}
def SubjectMatcherForField : AttrSubjectMatcherRule<"field", [Field]>;

def Hot : InheritableAttr {
  let Spellings = [GCC<"hot">];
  let Subjects = SubjectList<[Function]>;
  let SimpleHandler = 1;
  let LangOpts = [CPlusPlus, COnly];
  let Documentation = [Undocumented];
}
def Cold : InheritableAttr {
  let Spellings = [GCC<"cold">];
  let Subjects = SubjectList<[Function, NonStaticMethod]>;
  let SimpleHandler = 1;
  let Documentation = [Undocumented];
}
def : MutualExclusions<[Hot, Cold]>;
def Likely : StmtAttr {
  let Spellings = [CXX11<"", "likely", 201803>, C23<"clang", "likely">];
  let Subjects = SubjectList<[NullStmt], ErrorDiag, "empty statements">;
  let Documentation = [Undocumented];
}
def Unlikely : StmtAttr {
  let Spellings = [CXX11<"", "unlikely", 201803>, C23<"clang", "unlikely">];
  let Documentation = [Undocumented];
}
def : MutualExclusions<[Likely, Unlikely]>;
def NoMerge : DeclOrStmtAttr {
  let Spellings = [Clang<"nomerge">];
  let Subjects = SubjectList<[Function, NullStmt, GlobalVar], ErrorDiag,
                             "functions, statements and global variables">;
  let Documentation = [Undocumented];
}
def Suppress : InheritableParamOrStmtAttr {
  let Spellings = [CXX11<"gsl", "suppress">];
  let Args = [VariadicStringArgument<"DiagnosticIdentifiers">];
  let Documentation = [Undocumented];
}
def : MutualExclusions<[NoMerge, Suppress]>;
def Ownership2 : InheritableAttr {
  let Spellings = [GNU<"ownership_holds2">, GNU<"ownership_returns2">, GNU<"ownership_takes2">,
                   CXX11<"clang", "ownership_holds2">];
  let Accessors = [Accessor<"isHolds", [GNU<"ownership_holds2">, CXX11<"clang", "ownership_holds2">]>,
                   Accessor<"isReturns", [GNU<"ownership_returns2">]>];
  let Args = [IdentifierArgument<"Module">, UnsignedArgument<"Index", 1>,
              StringArgument<"Note", 1, 1>];
  let Subjects = SubjectList<[Field, GlobalVar], WarnDiag, "fields and globals">;
  let comparisonFn = "compareOwnership";
  let profileFn = "profileOwnership";
  let Documentation = [Undocumented];
}
def Pascal : DeclOrTypeAttr {
  let Spellings = [Clang<"pascal">, CustomKeyword<"__pascal">, CustomKeyword<"_pascal">];
  let Documentation = [Undocumented];
}
def ArmNew : InheritableAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [RegularKeyword<"__arm_new">];
  let Args = [VariadicStringArgument<"NewArgs">, BoolArgument<"Fake", 1, 1>];
  let Subjects = SubjectList<[Function]>;
  let InheritEvenIfAlreadyPresent = 1;
  let AdditionalMembers = [{
    bool isNewZA() const { return false; }
  }];
  let Documentation = [Undocumented];
}
def NoSpelled : InheritableAttr {
  let Spellings = [];
  let Args = [StringArgument<"Why", 1>, IntArgument<"Count", 1>];
  let Subjects = SubjectList<[ParmVar], ErrorDiag>;
  let SemaHandler = 0;
  let Documentation = [InternalOnly];
}
def MipsLong : InheritableAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [GCC<"long_call">, GCC<"far">];
  let Subjects = SubjectList<[Function]>;
  let ParseKind = "LongCall";
  let Documentation = [Undocumented];
}
def X86Long : InheritableAttr, TargetSpecificAttr<TargetX86> {
  let Spellings = [GCC<"long_call">, GCC<"far">];
  let Subjects = SubjectList<[Function]>;
  let ParseKind = "LongCall";
  let Documentation = [Undocumented];
}
def WinOnly : InheritableAttr, TargetSpecificAttr<TargetWindows> {
  let Spellings = [Declspec<"win_only">];
  let Documentation = [Undocumented];
}
def Weak2 : InheritableAttr {
  let Spellings = [GCC<"weak2">, Declspec<"weak2">];
  let Subjects = SubjectList<[Var, Function, Record, DeclBase]>;
  let TargetSpecificSpellings = [TargetSpecificSpelling<TargetELF, [GCC<"weak2">]>,
                                 TargetSpecificSpelling<TargetWindows, [Declspec<"weak2">]>];
  let Documentation = [Undocumented];
}
