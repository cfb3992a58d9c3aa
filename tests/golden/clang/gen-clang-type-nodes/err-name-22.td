// A type node whose name does not end in Type.
// RELEASE: 22
// ARGS: -gen-clang-type-nodes -I ../inc
include "TypeNodes.td"
def Odd : TypeNode<Type>;
