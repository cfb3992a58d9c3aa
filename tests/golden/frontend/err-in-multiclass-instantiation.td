// An error that shows only when a multiclass is instantiated, through nested defms: the notes
// say where each multiclass was instantiated from.
class C<int n> {
  bits<2> B = n;
}
multiclass Inner<int n> {
  def _i : C<n>;
}
multiclass Outer<int n> {
  defm _o : Inner<n>;
}
defm Ok : Outer<1>;
defm Bad : Outer<7>;
