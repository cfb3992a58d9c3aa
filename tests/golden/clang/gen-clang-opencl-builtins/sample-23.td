// The sample of OpenCL builtins.
// RELEASE: 23
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLSample.td"
