// Bitwise and logical bang operators: !and, !or, !xor, !not, !shl, !sra, !srl.
def Bitwise {
  int and = !and(0b1100, 0b1010);
  int andMany = !and(0xff, 0x0f, 0x3);
  int or = !or(0b1100, 0b1010);
  int orMany = !or(1, 2, 4);
  int xor = !xor(0b1100, 0b1010);
  int xorMany = !xor(1, 3, 7);
  int andNeg = !and(-1, 0x55);
  bit notTrue = !not(1);
  bit notFalse = !not(0);
  bit notInt = !not(5);
  int shl = !shl(1, 4);
  int shlOut = !shl(1, 63);
  int sra = !sra(-16, 2);
  int srl = !srl(-16, 60);
  int srlPos = !srl(16, 2);
  bit andBits = !and(1, 0);
  bit orBits = !or(0, 1);
  bit logical = !and(!or(0, 1), !not(0));
  bits<4> bitsAnd = !and(0b1100, 0b0110);
}
