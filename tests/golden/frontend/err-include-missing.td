// ARGS: -I inc
// An include that is found neither beside the file nor on the -I paths.
include "does-not-exist.td"
def A;
