// A concrete type node nothing says how to serialize.
// RELEASE: 23
// ARGS: -gen-clang-type-writer -I ../inc
include "TypeProperties.td"
def VectorType : TypeNode<Type>;
