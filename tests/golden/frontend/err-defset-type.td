// A record defined in a defset must be of the defset's element class.
class C;
class D;
defset list<C> Cs = {
  def A : C;
  def B : D;
}
