// !con of dags with different operators.
def op1;
def op2;
def A {
  dag d = !con((op1 1), (op2 2));
}
