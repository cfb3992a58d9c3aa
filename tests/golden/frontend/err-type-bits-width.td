// A bits literal of the wrong width.
def A {
  bits<4> b = { 1, 0 };
}
