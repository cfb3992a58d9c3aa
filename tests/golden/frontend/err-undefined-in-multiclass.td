// An undefined name in a multiclass body is reported when the multiclass is parsed.
multiclass M {
  def _a {
    int x = nowhere;
  }
}
