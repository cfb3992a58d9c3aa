// Attributes with an argument of every kind clang-tblgen knows (the argument classes of
// clang's Attr.td that AttrBase.td leaves out), optional, fake and variadic ones, enums
// external and not, covered and not, and template-dependent attributes.
include "AttrBase.td"

class DeclArgument<DeclNode kind, string name, bit opt = 0, bit fake = 0> : Argument<name, opt, fake> {
  DeclNode Kind = kind;
}
class OMPTraitInfoArgument<string name> : Argument<name, 0>;
class VariadicOMPInteropInfoArgument<string name> : Argument<name, 0>;
class VariadicUnsignedArgument<string name> : Argument<name, 1>;
class VariadicIdentifierArgument<string name> : Argument<name, 1>;
class VariadicParamIdxArgument<string name> : Argument<name, 1>;
class VariadicParamOrParamIdxArgument<string name> : Argument<name, 1>;
class ParamIdxArgument<string name, bit opt = 0> : Argument<name, opt>;
class VersionArgument<string name, bit opt = 0, bit fake = 0> : Argument<name, opt, fake>;
class DefaultBoolArgument<string name, bit default, bit fake = 0> : BoolArgument<name, 1, fake> {
  bit Default = default;
}
class DefaultIntArgument<string name, int default> : IntArgument<name, 1> {
  int Default = default;
}
class EnumArgument<string name, string type, bit is_string, list<string> values,
                   list<string> enums, bit opt = 0, bit fake = 0,
                   bit isExternalType = 0, bit isCovered = 1> : Argument<name, opt, fake> {
  string Type = type;
  bit IsString = is_string;
  list<string> Values = values;
  list<string> Enums = enums;
  bit IsExternalType = isExternalType;
  bit IsCovered = isCovered;
}
class VariadicEnumArgument<string name, string type, bit is_string,
                           list<string> values, list<string> enums,
                           bit isExternalType = 0, bit isCovered = 1> : Argument<name, 1> {
  string Type = type;
  bit IsString = is_string;
  list<string> Values = values;
  list<string> Enums = enums;
  bit IsExternalType = isExternalType;
  bit IsCovered = isCovered;
}
class WrappedAttr<string name, bit opt = 0, string type = ""> : Argument<name, opt> {
  string AttrType = type;
}

def Cleanup : InheritableAttr {
  let Spellings = [GCC<"cleanup">];
  let Args = [DeclArgument<Function, "FunctionDecl">];
  let Subjects = SubjectList<[Var]>;
  let Documentation = [Undocumented];
}
def Availability : InheritableAttr {
  let Spellings = [Clang<"availability">];
  let Args = [IdentifierArgument<"platform">, VersionArgument<"introduced">,
              VersionArgument<"deprecated", 1, 1>, BoolArgument<"unavailable">,
              StringArgument<"message">, DefaultBoolArgument<"strict", 0>,
              DefaultIntArgument<"priority", 5>, IdentifierArgument<"environment", 1>];
  let MeaningfulToClassTemplateDefinition = 1;
  let Documentation = [Undocumented];
}
def Visibility2 : InheritableAttr {
  let Spellings = [GCC<"visibility2">, CXX11<"clang", "vis">];
  let Args = [EnumArgument<"Visibility", "VisibilityType", 1,
                           ["default", "hidden", "internal", "protected"],
                           ["Default", "Hidden", "Hidden", "Protected"]>];
  let StrictEnumParameters = 1;
  let Documentation = [Undocumented];
}
def Interrupt2 : InheritableAttr {
  let Spellings = [GNU<"interrupt2">];
  let Args = [EnumArgument<"Kind", "llvm::InterruptKind", 0, ["irq", "fiq"], ["IRQ", "FIQ"],
                           1, 0, 1, 0>];
  let Documentation = [Undocumented];
}
def Callback : InheritableAttr {
  let Spellings = [Clang<"callback">];
  let Args = [VariadicParamOrParamIdxArgument<"Encoding">];
  let Subjects = SubjectList<[Function]>;
  let Documentation = [Undocumented];
}
def AllocSize : InheritableAttr {
  let Spellings = [GCC<"alloc_size">];
  let Args = [ParamIdxArgument<"ElemSizeParam">, ParamIdxArgument<"NumElemsParam", 1>];
  let TemplateDependent = 1;
  let Documentation = [Undocumented];
}
def Ownership : InheritableAttr {
  let Spellings = [Clang<"ownership_holds">, Clang<"ownership_returns">];
  let Args = [IdentifierArgument<"Module">, VariadicParamIdxArgument<"Args">];
  let Documentation = [Undocumented];
}
def ReleaseCapability : InheritableAttr {
  let Spellings = [Clang<"release_capability", 0>, Clang<"release_shared_capability", 0>];
  let Args = [VariadicExprArgument<"Args">, VariadicUnsignedArgument<"Slots">,
              VariadicIdentifierArgument<"Names">];
  let TemplateDependent = 1;
  let ParseArgumentsAsUnevaluated = 1;
  let LateParsed = LateAttrParseStandard;
  let Documentation = [Undocumented];
}
def CountedBy : DeclOrTypeAttr {
  let Spellings = [Clang<"counted_by">];
  let Args = [ExprArgument<"Count">, IntArgument<"NestedLevel", 1>];
  let LateParsed = LateAttrParseExperimentalExt;
  let ParseArgsInFunctionScope = 1;
  let TemplateDependent = 1;
  let Documentation = [Undocumented];
}
def Modes : Attr {
  let Spellings = [Clang<"modes">];
  let Args = [VariadicEnumArgument<"Modes", "ModeKind", 1, ["a", "b", "c"], ["A", "B", "B"], 0, 0>,
              StringArgument<"Label">];
  let HasCustomSerialization = 1;
  let Documentation = [Undocumented];
}
def ExternalModes : Attr {
  let Spellings = [Clang<"external_modes">];
  let Args = [VariadicEnumArgument<"Modes", "llvm::ModeKind", 0, ["x"], ["X"], 1>];
  let Documentation = [Undocumented];
}
def OMPDeclareVariant : InheritableAttr {
  let Spellings = [Pragma<"omp", "declare variant">];
  let Args = [ExprArgument<"VariantFuncRef">, OMPTraitInfoArgument<"TraitInfos">,
              VariadicExprArgument<"AdjustArgsNothing">,
              VariadicOMPInteropInfoArgument<"AppendArgs">];
  let TemplateDependent = 1;
  let Documentation = [Undocumented];
}
def Typed : TypeAttr {
  let Spellings = [Clang<"typed">];
  let Args = [TypeArgument<"Ty", 1>, UnsignedArgument<"Align">];
  let TemplateDependent = 1;
  let Documentation = [Undocumented];
}
def Wrapper : StmtAttr {
  let Spellings = [Clang<"wrapper">];
  let Args = [WrappedAttr<"Inner">, WrappedAttr<"Inferred", 1, "AvailabilityAttr">];
  let Documentation = [Undocumented];
}
def NotCloned : Attr {
  let Spellings = [Clang<"not_cloned">];
  let Args = [StringArgument<"Reason">];
  let Clone = 0;
  let Documentation = [Undocumented];
}
def Packed2 : Attr {
  let Spellings = [Clang<"packed2">];
  let Args = [VariadicExprArgument<"Exprs">];
  let AcceptsExprPack = 1;
  let TemplateDependent = 1;
  let Documentation = [Undocumented];
}
def ARMMode : InheritableAttr, TargetSpecificAttr<TargetARM> {
  let Spellings = [GCC<"target_mode">];
  let Args = [StringArgument<"Mode">];
  let ParseKind = "TargetMode";
  let Documentation = [Undocumented];
}
def X86Mode : InheritableAttr, TargetSpecificAttr<TargetX86> {
  let Spellings = [GCC<"target_mode">];
  let Args = [IdentifierArgument<"Mode">, StringArgument<"Why">];
  let ParseKind = "TargetMode";
  let Documentation = [Undocumented];
}
