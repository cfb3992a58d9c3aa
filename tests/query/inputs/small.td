// A small target-like description for the `tdq QUERY` snapshot tests.
include "common.td"

class Instr<string asm, int size = 4> : Base {
  string AsmString = asm;
  int Size = size;
  bit isCall = 0;
  bit isBranch = 0;
  bit mayLoad = 0;
  list<string> Predicates = [];
}

def NOP : Instr<"nop", 2>;
def CALL : Instr<"call $dst"> { let isCall = 1; }
def JMP : Instr<"jmp $dst"> { let isBranch = 1; }

multiclass LoadStore<string op> {
  def _rr : Instr<op # " $a, $b">;
  def _rm : Instr<op # " $a, [$b]"> { let mayLoad = 1; }
}
defm ADD : LoadStore<"add">;
defm SUB : LoadStore<"sub">;

let isCall = 1 in
def TAILCALL : Instr<"tail $dst", 8>, Tagged;

def : Instr<"anon">;

#ifdef WITH_EXTRA
def EXTRA : Instr<"extra"> { let Predicates = ["HasExtra"]; }
#endif
