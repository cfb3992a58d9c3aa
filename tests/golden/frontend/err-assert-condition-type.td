// An assert whose condition does not resolve to a bit.
def A {
  string s = "x";
  assert s, "a string is not a condition";
}
