// dump prints a message to stderr at top level, in classes, defs, multiclasses and loops.
// (llvm-tblgen 19 crashes on `dump 42;`, a non-string message, so no case has one.)
// Records made by defm and foreach do not run their dumps: see dump-instantiated.td.
dump "top-level message";

class C<int n> {
  dump "C<" # n # ">";
  int N = n;
}
def D1 : C<1>;

def D2 {
  int x = 7;
  dump "D2.x = " # x;
}

multiclass M<string s> {
  dump "in M: " # s;
  def _m;
}
defm MM : M<"hello">;

foreach i = 0-1 in
dump "loop " # i;

dump !repr(D1);
