// The sample of OpenCL builtins.
// RELEASE: 22
// ARGS: -gen-clang-opencl-builtin-tests -I ../inc
include "OpenCLSample.td"
