// How print-records shows values that depend on template arguments, which stay unresolved in
// the class: every bang operator, slices, field access, paste and anonymous instances.
class Reg {
  int N = 0;
}
def R0 : Reg;
def op;
class V<int n> {
  int N = n;
}

class Show<int i, string s, list<int> l, dag d, bits<4> b, Reg r> {
  int add = !add(i, 1);
  int sub = !sub(i, 1);
  int mul = !mul(i, 2);
  int div = !div(i, 2);
  int and = !and(i, 3);
  int or = !or(i, 3);
  int xor = !xor(i, 3);
  int shl = !shl(i, 1);
  int sra = !sra(i, 1);
  int srl = !srl(i, 1);
  bit not = !not(!eq(i, 0));
  int logtwo = !logtwo(i);
  bit eq = !eq(i, 1);
  bit ne = !ne(s, "x");
  bit lt = !lt(i, 1);
  bit le = !le(i, 1);
  bit gt = !gt(i, 1);
  bit ge = !ge(i, 1);
  string concat = !strconcat(s, "!", s);
  string paste = s # "_" # i;
  string substr = !substr(s, 1, 2);
  int find = !find(s, "a");
  string lower = !tolower(s);
  string upper = !toupper(s);
  string subst = !subst("a", "b", s);
  int size = !size(l);
  bit empty = !empty(l);
  int head = !head(l);
  list<int> tail = !tail(l);
  list<int> concatl = !listconcat(l, [i]);
  list<int> splat = !listsplat(i, 2);
  list<int> remove = !listremove(l, [i]);
  list<int> range = !range(i);
  string interleave = !interleave(l, ",");
  list<int> foreachl = !foreach(x, l, !add(x, i));
  list<int> filter = !filter(x, l, !gt(x, i));
  int foldl = !foldl(i, l, a, x, !add(a, x));
  int ifv = !if(!eq(i, 0), 1, 2);
  int cond = !cond(!eq(i, 0) : 1, true : 2);
  string cast = !cast<string>(i);
  Reg castRec = !cast<Reg>(s);
  bit isa = !isa<Reg>(r);
  bit exists = !exists<Reg>(s);
  string repr = !repr(i);
  dag con = !con(d, (R0 i));
  dag mkdag = !dag(op, [i], ["n"]);
  dag setop = !setdagop(d, op);
  Reg getop = !getdagop<Reg>(d);
  int getarg = !getdagarg<int>(d, 0);
  string getname = !getdagname(d, 0);
  dag setarg = !setdagarg(d, 0, i);
  dag setname = !setdagname(d, 0, s);
  dag literal = (op i:$a, s:$b, r);
  bits<2> bitSlice = b{1-0};
  bit oneBit = b{3};
  int listElem = l[0];
  list<int> listSlice = l[0-1];
  int fieldOfArg = r.N;
  V anon = V<i>;
  int anonField = V<i>.N;
  list<int> listOfArgs = [i, !add(i, 1)];
  bits<3> bitsOfArgs = { b{0}, !eq(i, 0), 1 };
}

def Concrete : Show<1, "R0", [1, 2, 3], (R0 7), 0b1010, R0>;
