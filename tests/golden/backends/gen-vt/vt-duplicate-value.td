// Two value types with the same Value: the one last in name order takes the number.
// ARGS: --gen-vt
class ValueType<int size, int value> {
  string LLVMName = NAME;
  int Size = size;
  int Value = value;
  int nElem = 1;
  ValueType ElementType = ?;
  bit isOverloaded = false;
  bit isInteger = true;
  bit isFP = false;
  bit isVector = false;
  bit isScalable = false;
  bit isNormalValueType = true;
}
def i8 : ValueType<8, 1>;
def i16 : ValueType<16, 1>;
def i32 : ValueType<32, 2>;
