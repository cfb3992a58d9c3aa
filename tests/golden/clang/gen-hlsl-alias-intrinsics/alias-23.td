// Every kind of HLSL intrinsic; the aliases.
// RELEASE: 23
// ARGS: -gen-hlsl-alias-intrinsics -I ../inc
include "HLSLSample.td"
