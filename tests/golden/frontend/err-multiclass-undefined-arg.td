// A multiclass body that uses a name that is not one of its arguments.
multiclass M<int n> {
  def _a {
    int x = m;
  }
}
defm X : M<1>;
