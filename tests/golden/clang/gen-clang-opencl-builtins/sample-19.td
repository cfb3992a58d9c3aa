// The sample of OpenCL builtins.
// ARGS: -gen-clang-opencl-builtins -I ../inc
include "OpenCLSample.td"
