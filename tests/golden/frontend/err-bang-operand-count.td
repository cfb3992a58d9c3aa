// !strconcat needs at least two operands: the error is reported and parsing goes on.
def Strings {
  string concatOne = !strconcat("one");
  string after = "parsed";
}
