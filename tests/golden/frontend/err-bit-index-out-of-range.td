// A bit index past the width of bits.
def A {
  bits<4> b = 0;
  bit x = b{9};
}
