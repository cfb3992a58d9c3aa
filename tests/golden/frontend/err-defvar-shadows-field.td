// A defvar in a body cannot take a field's name.
def A {
  int x = 1;
  defvar x = 2;
}
