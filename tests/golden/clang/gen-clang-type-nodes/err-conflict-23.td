// A type node both dependent and never canonical.
// RELEASE: 23
// ARGS: -gen-clang-type-nodes -I ../inc
include "TypeNodes.td"
def OddType : TypeNode<Type>, AlwaysDependent, NeverCanonical;
