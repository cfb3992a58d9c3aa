// A small target with something for several lints: a branch that is not a terminator (set by
// an outer let), a barrier from a multiclass, a bad assembly string, and an allowed finding.
def outs; def ins; def GPR;
class Instruction {
  bit isBranch = 0; bit isIndirectBranch = 0; bit isReturn = 0; bit isTerminator = 0;
  bit isBarrier = 0; bit isCommutable = 0; bit isPseudo = 0;
  dag OutOperandList = (outs); dag InOperandList = (ins); string AsmString = "";
}

let isBranch = 1 in
def JMP : Instruction { let AsmString = "jmp $target"; }

multiclass Traps {
  def _A : Instruction { let isBarrier = 1; }
}
defm TRAP : Traps;

// tdq-lint: allow(branch-not-terminator) a fall-through branch, on purpose
def JMP_FALL : Instruction { let isBranch = 1; }

class Unused : Instruction;
