// The sample of OpenCL builtins.
// ARGS: -gen-clang-opencl-builtin-header -I ../inc
include "OpenCLSample.td"
