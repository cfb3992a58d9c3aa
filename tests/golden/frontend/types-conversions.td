// Types and implicit conversions between bit, bits<n> and int, and of lists and records.
class Base;
class Derived : Base;
def D0 : Derived;
def ins;

def Conversions {
  bit bitFromInt = 1;
  bit bitFromBits = { 1 };
  bit bitFromBit = bitFromInt;
  int intFromBit = bitFromInt;
  int intFromBits = { 1, 0, 1 };
  bits<4> bitsFromInt = 9;
  bits<4> bitsFromBit = { 0, 0, 0, bitFromInt };
  bits<4> bitsFromNegative = -1;
  bits<3> bitsFromBitsLiteral = 0b101;
  bits<2> bitsWithUnset = { ?, 1 };
  int intFromUnset = ?;
  list<int> listOfBits = [1, 0];
  list<Base> upcast = [D0];
  Base recUpcast = D0;
  string fromCode = [{ code }];
  dag emptyDag = (ins);
}

// Fields of bits type built from fields of other records.
def Uses {
  bits<8> eight = 0x12;
  bits<4> lowNibble = eight{3-0};
  int back = lowNibble;
}
