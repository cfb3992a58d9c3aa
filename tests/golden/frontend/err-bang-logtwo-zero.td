// !logtwo of a non-positive number.
def A {
  int x = !logtwo(0);
}
