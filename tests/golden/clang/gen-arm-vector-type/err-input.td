// Input that does not parse is refused before the types are written.
// ARGS: -gen-arm-vector-type
def Broken : Undefined;
