// A let of a field the record does not have.
def A {
  let missing = 1;
}
