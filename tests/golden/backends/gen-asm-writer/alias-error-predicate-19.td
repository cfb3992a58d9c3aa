// A feature predicate whose condition is neither any_of nor all_of.
// ARGS: --gen-asm-writer -I ../../../../../shared/corpus/llvm-19.1.7/llvm/include -I inc
include "llvm/Target/Target.td"
include "aw-target.td"
def Bad : Predicate<"Bad">, AssemblerPredicate<(all_of (not FeatureA))>; def Worse : Predicate<"Worse"> { let AssemblerMatcherPredicate = 1; let AssemblerCondDag = (not FeatureA); } def : InstAlias<"bad $dst", (ADD GPR:$dst, R1, R1)>, Requires<[Bad, Worse]>;
