// A component's interface header.
// ARGS: -gen-clang-diags-iface -clang-component=Sema
// RELEASE: 22
def x;
