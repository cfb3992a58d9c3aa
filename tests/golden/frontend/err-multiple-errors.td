// Errors that do not stop parsing are counted: "N errors." closes the run.
assert 0, "first";
assert 0, "second";
def A {
  string s = !strconcat("only");
}
