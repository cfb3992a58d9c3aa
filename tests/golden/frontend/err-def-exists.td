// A second def of the same name is an error.
def A {
  int x = 1;
}
def A {
  int x = 2;
}
