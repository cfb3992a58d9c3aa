// An accessor's spelling must be one of the attribute's.
// ARGS: -gen-clang-attr-classes -I ../inc
// RELEASE: 22
include "AttrBase.td"
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let Accessors = [Accessor<"isHot", [GNU<"hot">]>, Accessor<"isWarm", [GNU<"warm">]>];
  let Documentation = [Undocumented];
}
