// !range with a step of zero.
def A {
  list<int> l = !range(0, 5, 0);
}
