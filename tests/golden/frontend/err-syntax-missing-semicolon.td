// A field declaration without its ';'.
def A {
  int x = 1
  int y = 2;
}
