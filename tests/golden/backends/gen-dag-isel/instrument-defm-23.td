// -instrument-coverage (LLVM 23) of patterns a defm instantiates: each pattern's place is the
// defm's line, not the multiclass's.
// RELEASE: 23
// ARGS: --gen-dag-isel -instrument-coverage -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "llvm/Target/Target.td"
include "comments-target.td"
multiclass SubImm<int n> {
  def : Pat<(sub GPR:$a, (i32 n)), (ADDI GPR:$a, !sub(0, n))>;
}
defm : SubImm<5>;
defm : SubImm<9>;
