// LLVM 20's strictFPAlt node is unknown to LLVM 19's emitter.
// ARGS: -gen-arm-mve-builtin-codegen -I ../../../../../shared/corpus/llvm-19.1.7/clang/include/clang/Basic
include "arm_mve_defs.td"
class strictFPAlt<IRBuilderBase standard_, IRBuilderBase strictfp_> {
  IRBuilderBase standard = standard_;
  IRBuilderBase strictfp = strictfp_;
}
def fadd_alt: strictFPAlt<fadd, fsub>;
let params = [f32] in
def vaddq: Intrinsic<Vector, (args Vector:$a, Vector:$b), (fadd_alt $a, $b)>;
