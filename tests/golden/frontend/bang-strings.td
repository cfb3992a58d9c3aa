// String bang operators: !strconcat, !substr, !find, !tolower, !toupper, !subst, !size,
// !empty, !interleave.
def Strings {
  string concat = !strconcat("a", "b", "c");
  string substr = !substr("abcdef", 2, 3);
  string substrToEnd = !substr("abcdef", 2);
  string substrPastEnd = !substr("abcdef", 4, 100);
  string substrAtEnd = !substr("abc", 3);
  int find = !find("abcabc", "c");
  int findFrom = !find("abcabc", "c", 3);
  int findMissing = !find("abc", "z");
  int findEmpty = !find("abc", "");
  string lower = !tolower("MiXeD 123");
  string upper = !toupper("MiXeD 123");
  string subst = !subst("a", "xy", "banana");
  string substNone = !subst("q", "z", "banana");
  int size = !size("hello");
  int sizeEmpty = !size("");
  bit empty = !empty("");
  bit notEmpty = !empty("x");
  string interleave = !interleave(["a", "b", "c"], ", ");
  string interleaveInts = !interleave([1, 2, 3], "-");
  string interleaveEmpty = !interleave([]<string>, ",");
  string interleaveOne = !interleave(["only"], ",");
}
