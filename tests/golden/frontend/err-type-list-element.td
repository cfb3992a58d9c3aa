// A list whose elements are not all of the element type.
def A {
  list<int> l = [1, "two", 3];
}
