// A small model of clang's TypeProperties.td over TypeNodes.td.
include "PropertiesBase.td"
include "TypeNodes.td"
let Class = BuiltinType in {
  def : Property<"kind", BuiltinTypeKind> {
    let Read = [{ node->getKind() }];
  }
  def : Creator<[{ return ctx.getBuiltinType(kind); }]>;
}
let Class = ArrayType in {
  def : Property<"elementType", QualType> {
    let Read = [{ node->getElementType() }];
  }
  def : Property<"sizeModifier", ArraySizeModifier> {
    let Read = [{ node->getSizeModifier() }];
  }
  def : Property<"indexQualifiers", UInt32> {
    let Read = [{ node->getIndexTypeCVRQualifiers() }];
  }
}
let Class = ConstantArrayType in {
  def : Property<"sizeValue", APInt> {
    let Read = [{ node->getSize() }];
  }
  def : Property<"size", Optional<ExprRef>> {
    let Read = [{ makeOptionalFromPointer(node->getSizeExpr()) }];
  }
  def : Creator<[{ return ctx.getConstantArrayType(elementType, sizeValue, size, sizeModifier, indexQualifiers); }]>;
}
let Class = DependentSizedArrayType in {
  def : Override {
    let IgnoredProperties = [ "indexQualifiers" ];
  }
  def : Property<"sizeExpr", ExprRef> {
    let Read = [{ node->getSizeExpr() }];
  }
  def : Creator<[{ return ctx.getDependentSizedArrayType(elementType, sizeExpr, sizeModifier); }]>;
}
let Class = TypedefType in {
  def : ReadHelper<[{ auto decl = node->getDecl(); }]>;
  def : Property<"declaration", TypedefNameDeclRef> {
    let Read = [{ decl }];
  }
  def : Property<"underlyingType", QualType> {
    let Read = [{ node->desugar() }];
  }
  def : Property<"isSugared", Bool> {
    let Read = [{ node->isSugared() }];
    let Conditional = [{ !underlyingType.isNull() }];
  }
  def : Creator<[{ return ctx.getTypedefType(declaration, underlyingType, isSugared); }]>;
}
let Class = DecltypeType in {
  def : Property<"expressions", Array<ExprRef>> {
    let Read = [{ node->getExprs() }];
  }
  def : Property<"types", Array<Optional<QualType>>> {
    let Read = [{ node->getTypes() }];
  }
  def : Creator<[{ return ctx.getDecltypeType(expressions, types); }]>;
}
let Class = AutoType in {
  def : Property<"deducedType", Optional<QualType>> {
    let Read = [{ makeOptionalFromNullable(node->getDeducedType()) }];
  }
  def : Creator<[{ return ctx.getAutoType(deducedType); }]>;
}
