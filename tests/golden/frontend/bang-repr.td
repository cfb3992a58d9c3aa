// !repr: the printed form of any value, records included.
class C<int n> {
  int N = n;
  string S = "s";
}
def R : C<3>;
def op;
def Reprs {
  string ofInt = !repr(42);
  string ofString = !repr("text");
  string ofBits = !repr(0b101);
  string ofList = !repr([1, 2]);
  string ofRecord = !repr(R);
  string ofDag = !repr((op 1, "x":$n));
  string ofUnset = !repr(?);
  string ofCode = !repr([{ c }]);
}
