// The interface header needs a component.
// ARGS: -gen-clang-diags-iface
// RELEASE: 22
def x;
