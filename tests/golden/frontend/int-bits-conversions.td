// Conversions at the edges: 64-bit bits, slices of ints, lists of bits, and bits compared to ints.
def Edges {
  bits<64> allOnes = -1;
  bits<64> high = 0x8000000000000000;
  int fromWideBits = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                       1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                       1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                       1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  bits<2> sliceOfIntLiteral = 5{1-0};
  list<bits<2>> listOfBits = [0, 1, 2, 3];
  bit bitsEqInt = !eq({ 1, 0 }, 2);
  bits<4> negSmall = -8;
  bits<1> oneBit = 1;
}

// A class with bits built from a template argument, set with a let in the class body.
class Enc<int op> {
  bits<8> Inst = 0;
  let Inst{3-0} = op;
  let Inst{7} = 1;
}
def E5 : Enc<5>;
