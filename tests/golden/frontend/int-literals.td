// Integer literals: decimal, hexadecimal, binary, negative, and the 64-bit edges.
def Ints {
  int dec = 42;
  int zero = 0;
  int neg = -7;
  int plus = +5;
  int hex = 0x2A;
  int bin = 0b101010;
  int max = 9223372036854775807;
  int min = -9223372036854775808;
  int allOnes = 0xffffffffffffffff;
  int leadingZeros = 007;
}

// A binary literal has a width: it converts to bits of exactly that many bits.
def BinaryBits {
  bits<4> b = 0b0101;
  bits<8> wide = 0b00001111;
  bits<8> fromInt = 200;
  bits<4> fromHex = 0xA;
}
