// !foreach, !filter and !foldl over lists and dags.
class R<int v> {
  int V = v;
}
def A : R<1>;
def B : R<2>;
def C : R<3>;
def op;

def Loops {
  list<int> squares = !foreach(x, [1, 2, 3], !mul(x, x));
  list<string> names = !foreach(r, [A, B, C], !cast<string>(r));
  list<int> values = !foreach(r, [A, B, C], r.V);
  list<int> evens = !filter(x, [1, 2, 3, 4, 5, 6], !eq(!and(x, 1), 0));
  list<R> big = !filter(r, [A, B, C], !gt(r.V, 1));
  list<int> none = !filter(x, [1, 2], 0);
  int sum = !foldl(0, [1, 2, 3, 4], acc, x, !add(acc, x));
  string joined = !foldl("", ["a", "b", "c"], acc, s, !strconcat(acc, s));
  list<int> reversed = !foldl([]<int>, [1, 2, 3], acc, x, !listconcat([x], acc));
  int sumEmpty = !foldl(5, []<int>, acc, x, !add(acc, x));
  dag dagForeach = !foreach(x, (op A, B), x);
  list<list<int>> nested = !foreach(x, [1, 2], !foreach(y, [10, 20], !add(x, y)));
}

// In a class, the operators over template arguments are evaluated per def.
class Sum<list<int> xs> {
  int Total = !foldl(0, xs, a, b, !add(a, b));
  list<int> Doubled = !foreach(x, xs, !mul(x, 2));
}
def S : Sum<[5, 6]>;
