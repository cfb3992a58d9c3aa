// A documented attribute of several spellings and no heading.
// RELEASE: 22
// ARGS: -gen-attr-docs -I ../inc
include "AttrSample.td"
def GlobalDocumentation { code Intro = "Intro"; }
def OtherDocs : Documentation { let Category = DocCatFunction; let Content = "Other."; }
def TwoNames : InheritableAttr {
  let Spellings = [GNU<"one_name">, GNU<"other_name">];
  let Documentation = [OtherDocs];
}
