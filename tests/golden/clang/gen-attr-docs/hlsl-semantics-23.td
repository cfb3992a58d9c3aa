// HLSL semantics, headed by their name without HLSL and with no table of syntaxes.
// RELEASE: 23
// ARGS: -gen-attr-docs -I ../inc
include "AttrSample.td"
def GlobalDocumentation { code Intro = "Intro"; }
def DocHLSLSemantics : DocumentationCategory<"HLSL Semantics">;
def SVTargetDocs : Documentation { let Category = DocHLSLSemantics; let Content = "The target."; }
def HLSLSV_Target : InheritableAttr {
  let Spellings = [];
  let Documentation = [SVTargetDocs];
}
