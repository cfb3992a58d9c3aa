// An intrinsic whose shader model is unset.
// RELEASE: 23
// ARGS: -gen-hlsl-alias-intrinsics -I ../inc
include "HLSLBase.td"

def hlsl_f : HLSLBuiltin<"f", "__builtin_f"> {
  let Availability = ?;
}
