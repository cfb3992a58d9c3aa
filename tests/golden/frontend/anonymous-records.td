// Class<args> as a value makes an anonymous record, named anonymous_N from the counter shared
// with anonymous defs; the same arguments give the same record.
class Val<int n> {
  int N = n;
}
class Holder<Val v> {
  Val V = v;
  int VN = v.N;
}

def : Val<100>;
def A {
  Val first = Val<1>;
  Val again = Val<1>;
  Val second = Val<2>;
}
def B : Holder<Val<3>>;
def : Val<101>;
def C {
  list<Val> vals = [Val<1>, Val<4>];
}

// Inside a class body, Class<args> with the class's own template arguments is made per def.
class Maker<int m> {
  Val Made = Val<m>;
}
def M5 : Maker<5>;
def M1 : Maker<1>;
