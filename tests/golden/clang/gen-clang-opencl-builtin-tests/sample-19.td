// The sample of OpenCL builtins.
// ARGS: -gen-clang-opencl-builtin-tests -I ../inc
include "OpenCLSample.td"
