// Dag bang operators: !dag, !con, !getdagop, !setdagop, !getdagarg, !setdagarg, !getdagname,
// !setdagname, !size, !empty, and the deprecated !getop/!setop.
def op1;
def op2;
def ins;
class Reg;
def R0 : Reg;
def R1 : Reg;

def Dags {
  dag literal = (op1 R0:$a, R1:$b, 5, "s", ?:$unset);
  dag named = (op1:$opname R0);
  dag built = !dag(op1, [R0, R1], ["x", "y"]);
  dag builtUnnamed = !dag(op2, [1, 2], [?, "n"]);
  dag con = !con((ins R0:$a), (ins R1:$b), (ins));
  Reg getdagarg = !getdagarg<Reg>((op1 R0:$a, R1:$b), 1);
  Reg getdagargByName = !getdagarg<Reg>((op1 R0:$a, R1:$b), "a");
  string getdagname = !getdagname((op1 R0:$a, R1:$b), 1);
  dag setop = !setdagop((op1 R0, R1), op2);
  dag setarg = !setdagarg((op1 R0:$a, R1:$b), 0, R1);
  dag setargByName = !setdagarg((op1 R0:$a, R1:$b), "b", 7);
  dag setname = !setdagname((op1 R0:$a, R1:$b), 1, "c");
  dag setnameByName = !setdagname((op1 R0:$a, R1:$b), "a", "z");
  int size = !size((op1 R0, R1, 3));
  bit empty = !empty((op1));
  bit notEmpty = !empty((op1 R0));
  dag oldSetop = !setop((op1 R0), op2);
  dag nested = (op1 (op2 R0:$x):$inner, R1);
}

// !getdagop with a type gives a typed record.
class Op;
def opTyped : Op;
def GetTyped {
  Op o = !getdagop<Op>((opTyped 1));
  Op old = !getop<Op>((opTyped 1));
}
