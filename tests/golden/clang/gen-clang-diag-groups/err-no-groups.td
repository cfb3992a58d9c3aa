// Without the DiagGroup class there is nothing to group: fatal.
// ARGS: -gen-clang-diag-groups
def x;
