// Template arguments that are never used warn (classes and multiclasses), used ones do not.
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
