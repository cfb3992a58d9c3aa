// An unknown type name in a field declaration.
def A {
  integer x = 1;
}
