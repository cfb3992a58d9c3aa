// Attributes of every kind, compatibility and merge rules, properties.
// ARGS: --gen-attrs
class AttrProperty;
def FnAttr : AttrProperty;
def ParamAttr : AttrProperty;
def RetAttr : AttrProperty;
class Attr<string S, list<AttrProperty> P> {
  string AttrString = S;
  list<AttrProperty> Properties = P;
}
class EnumAttr<string S, list<AttrProperty> P> : Attr<S, P>;
class IntAttr<string S, list<AttrProperty> P> : Attr<S, P>;
class TypeAttr<string S, list<AttrProperty> P> : Attr<S, P>;
class ConstantRangeAttr<string S, list<AttrProperty> P> : Attr<S, P>;
class ConstantRangeListAttr<string S, list<AttrProperty> P> : Attr<S, P>;
class StrBoolAttr<string S> : Attr<S, []>;
class ComplexStrAttr<string S, list<AttrProperty> P> : Attr<S, P>;
def NoUnwind : EnumAttr<"nounwind", [FnAttr]>;
def Alignment : IntAttr<"align", [ParamAttr, RetAttr]>;
def AlwaysInline : EnumAttr<"alwaysinline", [FnAttr]>;
def ByVal : TypeAttr<"byval", [ParamAttr]>;
def Range : ConstantRangeAttr<"range", [ParamAttr, RetAttr]>;
def Initializes : ConstantRangeListAttr<"initializes", [ParamAttr]>;
def NoInfsFPMath : StrBoolAttr<"no-infs-fp-math">;
def Memory : ComplexStrAttr<"memory", []>;
class CompatRule<string F> { string CompatFunc = F; string AttrName = ""; }
class CompatRuleStrAttr<string F, string A> : CompatRule<F> { let AttrName = A; }
def : CompatRule<"isEqual<SanitizeAddressAttr>">;
def : CompatRuleStrAttr<"isEqual", "sign-return-address">;
class MergeRule<string F> { string MergeFunc = F; }
def : MergeRule<"setAND<NoInfsFPMathAttr>">;
