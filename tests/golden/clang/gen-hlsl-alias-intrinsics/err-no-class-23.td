// No HLSLBuiltin class.
// RELEASE: 23
// ARGS: -gen-hlsl-alias-intrinsics
def a;
