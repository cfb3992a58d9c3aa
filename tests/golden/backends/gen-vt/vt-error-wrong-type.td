// A value type whose isVector is a string.
// ARGS: --gen-vt
class ValueType<int value> {
  string LLVMName = NAME;
  int Value = value;
  bit isInteger = true;
  bit isFP = false;
  string isVector = "no";
}
def i8 : ValueType<1>;
