// A defm whose records clash with an existing def is an error.
multiclass M {
  def _x;
}
def P_x;
defm P : M;
