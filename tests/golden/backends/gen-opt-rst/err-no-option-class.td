// An input without the Option class.
// ARGS: --gen-opt-rst
def a;
