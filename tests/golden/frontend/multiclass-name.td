// NAME in a multiclass: as a name prefix, in the middle of a name, and as a value.
class R {
  string Me = NAME;
}
multiclass M {
  def NAME#_suffix : R;
  def prefix_#NAME : R;
  def pre_#NAME#_post : R;
  def _implicit : R {
    string Name = NAME;
  }
}
defm FOO : M;
defm "" : M;

// NAME as a value in a def outside any multiclass is the def's own name.
def Plain : R;
