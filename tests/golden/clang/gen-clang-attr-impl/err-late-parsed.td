// The kind of late parsing, checked only where the constructors are defined.
// ARGS: -gen-clang-attr-impl -I ../inc
include "AttrBase.td"
def LateAttrParseSometimes : LateAttrParseKind<1>;
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let LateParsed = LateAttrParseSometimes;
  let Documentation = [Undocumented];
}
