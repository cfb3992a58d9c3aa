// !eq of values of unrelated types.
def A {
  bit b = !eq("one", 1);
}
