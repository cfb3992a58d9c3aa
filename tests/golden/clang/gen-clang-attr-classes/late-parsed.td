// The kind of late parsing, not checked where the classes are declared.
// ARGS: -gen-clang-attr-classes -I ../inc
include "AttrBase.td"
def LateAttrParseSometimes : LateAttrParseKind<1>;
def Hot : Attr {
  let Spellings = [GCC<"hot">];
  let LateParsed = LateAttrParseSometimes;
  let Documentation = [Undocumented];
}
