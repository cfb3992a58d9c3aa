// LLVM 19 takes an HLSL annotation in any case.
// ARGS: -gen-clang-attr-parsed-attr-kinds -I ../inc
include "AttrBase.td"
def Upper : HLSLAnnotationAttr {
  let Spellings = [HLSLAnnotation<"SV_Upper">];
  let Documentation = [Undocumented];
}
