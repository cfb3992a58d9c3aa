// ARGS: --print-sets
// An error in a Set made by nested defms: noted at each defm.
class Set<dag d> { dag Elements = d; }
def a;
multiclass M { def _s : Set<(a)>; }
multiclass N { defm _n : M; }
defm Q : N;
