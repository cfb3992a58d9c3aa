// Included by err-in-included-file.td: a type error.
def InBad {
  int x = "not an int";
}
