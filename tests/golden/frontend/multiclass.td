// multiclass and defm: NAME, prefixes, template arguments, several defs per multiclass.
class Inst<string asm, int size> {
  string Asm = asm;
  int Size = size;
}

multiclass Arith<string op, int base> {
  def _rr : Inst<op # " r, r", base>;
  def _ri : Inst<op # " r, imm", !add(base, 2)>;
  def NAME#_mem : Inst<op # " r, [m]", !add(base, 4)>;
  def : Inst<op # " anonymous", base>;
}

defm ADD : Arith<"add", 1>;
defm SUB : Arith<"sub", 10>;

// defm with a superclass list: the class is added to every def of the multiclass.
class Tag<string t> {
  string TagName = t;
}
defm MUL : Arith<"mul", 20>, Tag<"mul">;

// A def in a multiclass named by NAME alone.
multiclass Single<int v> {
  def NAME : Inst<"single", v>;
}
defm ONE : Single<1>;

// A multiclass with a default template argument.
multiclass Defaulted<int v = 7> {
  def _d : Inst<"defaulted", v>;
}
defm DEF : Defaulted;
defm DEF2 : Defaulted<8>;
