// A creation rule that does not name one of the node's properties.
// RELEASE: 22
// ARGS: -gen-clang-type-reader -I ../inc
include "TypeProperties.td"
def VectorType : TypeNode<Type>;
let Class = VectorType in {
  def : Property<"numElements", UInt32> {
    let Read = [{ node->getNumElements() }];
  }
  def : Creator<[{ return ctx.getVectorType(); }]>;
}
