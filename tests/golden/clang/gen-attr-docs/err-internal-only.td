// An attribute internal only and documented.
// ARGS: -gen-attr-docs -I ../inc
include "AttrSample.td"
def GlobalDocumentation { code Intro = "Intro"; }
def Hidden : InheritableAttr {
  let Spellings = [GNU<"hidden_attr">];
  let Documentation = [AlwaysInlineDocs, InternalOnly];
}
