// A value type without the field LLVMName.
// ARGS: --gen-vt
class ValueType<int value> {
  int Value = value;
}
def i8 : ValueType<1>;
