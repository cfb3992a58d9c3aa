// A field's value cannot name a field declared after it: both errors are reported and the
// fields are left unset.
def Chain {
  int x = y;
  int y = z;
  int z = 5;
}
