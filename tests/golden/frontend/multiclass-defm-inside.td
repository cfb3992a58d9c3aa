// defm inside a multiclass, NAME in nested names, and multiclass inheritance.
class R<int v> {
  int V = v;
}

multiclass Inner<int v> {
  def _a : R<v>;
  def _b : R<!mul(v, 2)>;
}

multiclass Outer<int v> {
  defm _x : Inner<v>;
  defm NAME#_y : Inner<!add(v, 1)>;
  defm "" : Inner<!add(v, 100)>;
  def _own : R<v>;
}

defm TOP : Outer<1>;

// Multiclass inheritance: the records of the parent multiclasses, then the body.
multiclass Base1<int v> {
  def _base1 : R<v>;
}
multiclass Base2 {
  def _base2 : R<0>;
}
multiclass Derived<int v> : Base1<v>, Base2 {
  def _derived : R<v>;
}
defm D : Derived<5>;

// A multiclass whose body is empty, inheriting only.
multiclass OnlyInherits : Base2;
defm O : OnlyInherits;
