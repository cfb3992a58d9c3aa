// A code literal that is never closed.
def A {
  code c = [{ return 0;
}
