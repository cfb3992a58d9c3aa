// A value of the wrong type for its field: the untyped !getdagop gives a record, not a dag.
def op1;
def Dags {
  dag getop = !getdagop((op1 1));
}
