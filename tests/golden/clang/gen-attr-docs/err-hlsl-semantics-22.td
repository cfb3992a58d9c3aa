// An HLSL semantic whose name does not start with HLSL.
// RELEASE: 22
// ARGS: -gen-attr-docs -I ../inc
include "AttrSample.td"
def GlobalDocumentation { code Intro = "Intro"; }
def DocHLSLSemantics : DocumentationCategory<"HLSL Semantics">;
def SVTargetDocs : Documentation { let Category = DocHLSLSemantics; let Content = "The target."; }
def SV_Target : InheritableAttr {
  let Spellings = [];
  let Documentation = [SVTargetDocs];
}
