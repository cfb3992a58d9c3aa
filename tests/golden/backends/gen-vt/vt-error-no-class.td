// No ValueType class at all.
// ARGS: --gen-vt
def i8;
