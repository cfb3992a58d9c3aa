// Only 0 and 1 convert to bit.
def A {
  bit b = 2;
}
