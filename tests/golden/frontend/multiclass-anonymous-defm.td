// Anonymous defm (defm : M): its records are named anonymous_N plus their suffix.
class R<int v> {
  int V = v;
}
multiclass M<int v> {
  def _one : R<v>;
  def _two : R<v>;
  def NAME : R<v>;
}
def : R<0>;
defm : M<1>;
defm : M<2>;
defm Named : M<3>;
def : R<4>;
