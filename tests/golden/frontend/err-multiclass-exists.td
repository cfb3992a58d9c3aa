// A multiclass defined twice is an error.
multiclass M {
  def _a;
}
multiclass M {
  def _b;
}
