// An intrinsic with an unknown SelectionDAG property.
// ARGS: --gen-intrinsic-impl -I inc
include "Intrinsics.td"
def SDNPBogus : SDNodeProperty;
def int_foo : Intrinsic<[], [], [], "", [SDNPBogus]>;
