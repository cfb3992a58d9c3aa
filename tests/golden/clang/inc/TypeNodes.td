// A small model of clang's TypeNodes.td.
class HasProperties;
class ASTNode : HasProperties;
class TypeNode<TypeNode base, bit abstract = 0> : ASTNode {
  TypeNode Base = base;
  bit Abstract = abstract;
}
class AlwaysDependent {}
class NeverCanonical {}
class NeverCanonicalUnlessDependent {}
class LeafType {}
class AlwaysCanonical {}
def Type : TypeNode<?, 1>;
def BuiltinType : TypeNode<Type>, LeafType, AlwaysCanonical;
def ArrayType : TypeNode<Type, 1>;
def ConstantArrayType : TypeNode<ArrayType>;
def DependentSizedArrayType : TypeNode<ArrayType>, AlwaysDependent;
def TypedefType : TypeNode<Type>, NeverCanonical;
def DecltypeType : TypeNode<Type>, NeverCanonicalUnlessDependent;
def AutoType : TypeNode<Type>, AlwaysCanonical;
