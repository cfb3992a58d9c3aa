// A string literal that runs to the end of the line.
def A {
  string s = "no end;
}
