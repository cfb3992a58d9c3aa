// tdq explain: one def for each kind of step a value can take.
class Inst<string asmstr, int size = 4> {
  string AsmString = asmstr;
  int Size = size;
  string Mnemonic = "";
  string Namespace = "Small";
}

class ITy<string mnemonic, string args> : Inst<!strconcat(mnemonic, "\t", args)>;

class BinOp<string mnemonic> : ITy<mnemonic, "$dst, $src">;

// Template arguments, from a def's class reference down two classes.
def ADDrr : BinOp<"add">;

// A multiclass, a defm of it inside another, and the defm that makes the def.
multiclass ArithRR<string opstr> {
  def rr : BinOp<opstr>;
}
multiclass Arith<string name> {
  defm _32 : ArithRR<!strconcat(name, "l")>;
}
defm SUB : Arith<"sub">;

// A top-level let over a class's value.
let Size = 2 in
def NOP : Inst<"nop">;

// A def's own body.
def RET : Inst<"ret"> {
  let AsmString = "retq";
}

// A defvar and a foreach.
defvar cc = "ne";
foreach i = [8, 16] in
def JMP#i : Inst<!strconcat("j", cc, "\t", !cast<string>(i))>;

// A field that names another field.
class Named<string m> : Inst<""> {
  let Mnemonic = m;
  let AsmString = !strconcat(Mnemonic, " $src");
}
def PUSH : Named<"push">;
