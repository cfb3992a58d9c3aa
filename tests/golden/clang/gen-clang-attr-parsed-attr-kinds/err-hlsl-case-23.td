// An HLSL annotation must be lower case (LLVM 20 on).
// ARGS: -gen-clang-attr-parsed-attr-kinds -I ../inc
// RELEASE: 23
include "AttrBase.td"
def Upper : HLSLAnnotationAttr {
  let Spellings = [HLSLAnnotation<"SV_Upper">];
  let Documentation = [Undocumented];
}
