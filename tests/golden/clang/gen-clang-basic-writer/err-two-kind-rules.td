// Two kind rules of one type.
// ARGS: -gen-clang-basic-writer -I ../inc
include "PropertiesBase.td"
def : PropertyTypeKind<APValue, APValueKind, "node.getOtherKind()">;
