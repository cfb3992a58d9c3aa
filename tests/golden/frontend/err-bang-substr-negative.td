// !substr with a negative start.
def A {
  string s = !substr("abc", -1, 2);
}
