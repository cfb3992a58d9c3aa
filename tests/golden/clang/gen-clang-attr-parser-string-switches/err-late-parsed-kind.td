// A LateParsed def of a kind clang-tblgen does not know.
// ARGS: -gen-clang-attr-parser-string-switches -I ../inc
// RELEASE: 22
include "AttrBase.td"
def LateAttrParseLater : LateAttrParseKind<7>;
def Late : Attr {
  let Spellings = [GNU<"late">];
  let LateParsed = LateAttrParseLater;
  let Documentation = [Undocumented];
}
