// A property named as one of its base's, and an optional of a type that cannot be packed.
// ARGS: -gen-clang-type-writer -I ../inc
include "TypeProperties.td"
let Class = ConstantArrayType in {
  def : Property<"elementType", QualType> {
    let Read = [{ node->getElementType() }];
  }
  def : Property<"maybe", Optional<APInt>> {
    let Read = [{ node->getMaybe() }];
  }
}
