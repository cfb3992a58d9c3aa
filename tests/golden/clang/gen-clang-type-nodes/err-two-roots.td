// Two type nodes without a base.
// ARGS: -gen-clang-type-nodes -I ../inc
include "TypeNodes.td"
def OtherType : TypeNode<?>;
