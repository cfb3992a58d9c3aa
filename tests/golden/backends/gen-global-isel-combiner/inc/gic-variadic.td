// Variadic operands (GIVariadic): the operand-count checks, a pack copied whole
// (GIR_CopyRemaining) and named in C++ (getRemainingOperands).
include "gic-target.td"

def fold_build_vector : GICombineRule<
  (defs root:$dst),
  (match (G_BUILD_VECTOR $dst, $a, GIVariadic<2, 4>:$rest),
         "return Helper.check(${rest});"),
  (apply (G_CONCAT_VECTORS $dst, $a, $rest))>;

def fold_unmerge : GICombineRule<
  (defs root:$a),
  (match (G_UNMERGE_VALUES $a, $b, GIVariadic<1>:$more)),
  (apply "Helper.apply(${more})")>;

def VarCombiner : GICombiner<"MyVarCombinerImpl", [fold_build_vector, fold_unmerge]>;
