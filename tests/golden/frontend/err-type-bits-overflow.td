// An int too large for the bits<n> it is assigned to.
def A {
  bits<4> b = 16;
}
