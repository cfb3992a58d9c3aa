// String literals: escapes, adjacent literals, and how print-records shows them (unescaped).
def Strings {
  string empty = "";
  string plain = "hello";
  string quote = "say \"hi\"";
  string apostrophe = "it\'s";
  string backslash = "a\\b";
  string newline = "line1\nline2";
  string tab = "col1\tcol2";
  string adjacent = "abc" "def";
  string utf8 = "café ✓";
}
