// The attributes documented as Undocumented, one a line (twice when twice), and their count.
// ARGS: -gen-clang-attr-undocumented-list -I ../inc
// RELEASE: 23
include "AttrSample.td"
def GlobalDocumentation { code Intro = [{}]; }
def Twice : Attr {
  let Spellings = [GNU<"twice">];
  let Documentation = [Undocumented, AlwaysInlineDocs, Undocumented];
}
