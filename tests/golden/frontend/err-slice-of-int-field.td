// A bit slice of an int-typed field is an error (a slice of an int literal is not).
def A {
  int five = 5;
  bits<2> sliceOfInt = five{1-0};
}
