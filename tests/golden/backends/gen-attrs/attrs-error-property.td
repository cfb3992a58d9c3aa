// An attribute without the field AttrString.
// ARGS: --gen-attrs
class EnumAttr { list<int> Properties = []; }
class IntAttr;
class TypeAttr;
class ConstantRangeAttr;
class ConstantRangeListAttr;
class StrBoolAttr;
class ComplexStrAttr;
def NoUnwind : EnumAttr;
