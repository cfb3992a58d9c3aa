// The sample of OpenCL builtins.
// RELEASE: 23
// ARGS: -gen-clang-opencl-builtin-header -I ../inc
include "OpenCLSample.td"
