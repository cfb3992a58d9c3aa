// Code literals [{ ... }]: multi-line, no escapes, and interchangeable with strings.
def Code {
  code c = [{ return x + 1; }];
  code multi = [{
  if (a) {
    b("\n");
  }
}];
  string asString = [{ a code literal in a string field }];
  code fromString = "a string in a code field";
  code braces = [{ {nested} [brackets] }];
  code empty = [{}];
}
