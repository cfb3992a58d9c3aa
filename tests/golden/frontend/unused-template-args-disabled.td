// ARGS: --no-warn-on-unused-template-args
// The same file as unused-template-args.td, with the warnings turned off.
class Used<int a> {
  int A = a;
}
class Unused<int a, int b> {
  int A = a;
}
class UnusedDefault<string s = "x">;
multiclass MUnused<int m, int n> {
  def _d : Used<m>;
}
defm DM : MUnused<1, 2>;
def D : Unused<1, 2>;
