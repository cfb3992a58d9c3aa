// A small model of clang's PropertiesBase.td: property types of each kind, a cased type.
class HasProperties;
class PropertyType<string typeName = ""> {
  string CXXName = !if(!ne(typeName, ""), typeName, NAME);
  bit PassByReference = 0;
  bit ConstWhenWriting = 0;
  string PackOptional = "";
  string UnpackOptional = "";
  list<PropertyType> BufferElementTypes = [];
}
class EnumPropertyType<string typeName = ""> : PropertyType<typeName> {}
class RefPropertyType<string className> : PropertyType<className # "*"> {
  let PackOptional = "value.value_or(nullptr)";
  let UnpackOptional = "value ? std::optional<" # CXXName # ">(value) : std::nullopt";
}
class SubclassPropertyType<string className, PropertyType base>
    : RefPropertyType<className> {
  PropertyType Base = base;
  string SubclassName = className;
  let ConstWhenWriting = base.ConstWhenWriting;
}
class DefaultValuePropertyType<string typeName = ""> : PropertyType<typeName> {
  let PackOptional = "value ? *value : " # CXXName # "()";
  let UnpackOptional = "value.isNull() ? std::nullopt : std::optional<" # CXXName # ">(value)";
}
class CountPropertyType<string typeName = ""> : PropertyType<typeName> {
  let PackOptional = "value ? *value + 1 : 0";
  let UnpackOptional = "value ? std::optional<" # CXXName # ">(value - 1) : std::nullopt";
}
def APInt : PropertyType<"llvm::APInt"> { let PassByReference = 1; }
def APValue : PropertyType { let PassByReference = 1; }
def APValueKind : EnumPropertyType<"APValue::ValueKind">;
def ArraySizeModifier : EnumPropertyType<"ArraySizeModifier">;
def Bool : PropertyType<"bool">;
def BuiltinTypeKind : EnumPropertyType<"BuiltinType::Kind">;
def DeclRef : RefPropertyType<"Decl"> { let ConstWhenWriting = 1; }
  def TypedefNameDeclRef : SubclassPropertyType<"TypedefNameDecl", DeclRef>;
def QualType : DefaultValuePropertyType;
def StmtRef : RefPropertyType<"Stmt"> { let ConstWhenWriting = 1; }
  def ExprRef : SubclassPropertyType<"Expr", StmtRef>;
def UInt32 : CountPropertyType<"uint32_t">;
def LValuePathEntry : PropertyType<"APValue::LValuePathEntry">;
def LValuePath : PropertyType<"APValue::LValuePathSerializationHelper"> {
  let BufferElementTypes = [ LValuePathEntry ];
}
class Array<PropertyType element> : PropertyType {
  PropertyType Element = element;
  let BufferElementTypes = [ element ];
}
class Optional<PropertyType element> : PropertyType {
  PropertyType Element = element;
  let PassByReference = element.PassByReference;
}
class Property<string name, PropertyType type> {
  HasProperties Class;
  string Name = name;
  PropertyType Type = type;
  code Read;
  code Conditional = "";
}
class ReadHelper<code _code> {
  HasProperties Class;
  code Code = _code;
}
class Creator<code create> {
  HasProperties Class;
  code Create = create;
}
class Override {
  HasProperties Class;
  list<string> IgnoredProperties = [];
}
class PropertyTypeKind<PropertyType type, PropertyType kindType, string readCode> {
  PropertyType Type = type;
  PropertyType KindType = kindType;
  string KindPropertyName = "kind";
  string Read = readCode;
}
class PropertyTypeCase<PropertyType type, string name> : HasProperties {
  PropertyType Type = type;
  string Name = name;
}
def : PropertyTypeKind<APValue, APValueKind, "node.getKind()">;
let Class = PropertyTypeCase<APValue, "None"> in {
  def : Creator<[{ return APValue(); }]>;
}
let Class = PropertyTypeCase<APValue, "Int"> in {
  def : Property<"value", APInt> {
    let Read = [{ node.getInt() }];
  }
  def : Creator<[{ return APValue(value); }]>;
}
let Class = PropertyTypeCase<APValue, "LValue"> in {
  def : ReadHelper<[{ auto path = node.getLValuePath(); }]>;
  def : Property<"isNullPtr", Bool> {
    let Read = [{ node.isNullPointer() }];
  }
  def : Property<"path", LValuePath> {
    let Read = [{ path }];
  }
  def : Creator<[{ return APValue(isNullPtr, path); }]>;
}
