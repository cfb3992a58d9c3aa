// A reference to a name that is not defined.
def A {
  int x = undefinedThing;
}
