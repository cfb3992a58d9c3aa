// A type keyword cannot name a field.
def A {
  int string = 1;
}
