// The sample of OpenCL builtins.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtin-header -I ../inc
include "OpenCLSample.td"
