// The sample of OpenCL builtins.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLSample.td"
