// A LateParsed def whose name does not say its kind.
// ARGS: -gen-clang-attr-parser-string-switches -I ../inc
include "AttrBase.td"
def LateAttrParseSoon : LateAttrParseKind<1>;
def Late : Attr {
  let Spellings = [GNU<"late">];
  let LateParsed = LateAttrParseSoon;
  let Documentation = [Undocumented];
}
