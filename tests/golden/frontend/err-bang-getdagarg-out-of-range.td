// !getdagarg with an index past the dag's arguments.
def op;
def A {
  int x = !getdagarg<int>((op 1, 2), 5);
}
