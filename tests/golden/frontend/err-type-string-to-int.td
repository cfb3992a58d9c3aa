// A string value for an int field.
def A {
  int x = "one";
}
