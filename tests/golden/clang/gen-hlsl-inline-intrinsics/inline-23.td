// Every kind of HLSL intrinsic; the inline ones (detail calls and bodies).
// RELEASE: 23
// ARGS: -gen-hlsl-inline-intrinsics -I ../inc
include "HLSLSample.td"
