// The file ends inside a record body.
def A {
  int x = 1;
