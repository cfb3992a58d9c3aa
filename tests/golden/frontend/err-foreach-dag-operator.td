// !foreach over a dag maps the operator too: !cast<int>(op) cannot fold, so the field of a def is
// left unresolved, which is an error.
def op;
def Loops {
  dag dagForeachOperator = !foreach(x, (op 1, 2), !cast<int>(x));
}
