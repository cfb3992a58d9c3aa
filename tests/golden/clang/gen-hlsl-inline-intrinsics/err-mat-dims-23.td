// An inline intrinsic whose matrix dimensions are not all defs.
// RELEASE: 23
// ARGS: -gen-hlsl-inline-intrinsics -I ../inc
include "HLSLBase.td"

def hlsl_f : HLSLBuiltin<"f", "__builtin_f">;
def hlsl_g : HLSLDetail<"g", "g_impl"> {
  let Args = [Varying];
  let VaryingTypes = [FloatTy];
  let VaryingMatDims = [Mat1x2, ?];
}
