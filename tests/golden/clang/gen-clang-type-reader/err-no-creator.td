// A concrete type node with properties but no creation rule.
// ARGS: -gen-clang-type-reader -I ../inc
include "TypeProperties.td"
def VectorType : TypeNode<Type>;
let Class = VectorType in {
  def : Property<"elementType", QualType> {
    let Read = [{ node->getElementType() }];
  }
}
