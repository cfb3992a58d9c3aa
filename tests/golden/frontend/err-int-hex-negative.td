// A minus sign is part of a decimal literal only: -0x10 lexes as -0 followed by x10.
def A {
  int negHex = -0x10;
}
