// Rules on one opcode sharing a C++ predicate on the root, each matching a different
// instruction for an operand (the predicate is hoisted into their group in LLVM 19 and 22,
// not in 23); and rules whose typed operands make the table's type objects.
include "gic-target.td"

class unmerge_of<Instruction Op> : GICombineRule<
  (defs root:$root),
  (match (Op $a, $src, $c),
         (G_UNMERGE_VALUES $d1, $d2, $a):$root,
         [{ return MRI.getType(${d1}.getReg()).getSizeInBits() == 64; }]),
  (apply (GIReplaceReg $d2, $d1), (Op $d1, $src, $c))>;
def unmerge_add : unmerge_of<G_ADD>;
def unmerge_sub : unmerge_of<G_SUB>;
def unmerge_mul : unmerge_of<G_MUL>;

def HoistCombiner : GICombiner<"MyHoistCombinerImpl", [unmerge_add, unmerge_sub, unmerge_mul]>;

def int_typed : GICombineRule<
  (defs root:$dst),
  (match (G_ADD i32:$dst, i64:$a, i16:$b)),
  (apply (G_SUB $dst, $a, $b))>;
def float_typed : GICombineRule<
  (defs root:$dst),
  (match (G_FADD f32:$dst, f64:$a, f16:$b), "return Helper.ok(${a});"),
  (apply (G_FSUB $dst, $a, $b))>;
def odd_floats : GICombineRule<
  (defs root:$dst),
  (match (G_FMUL bf16:$dst, f80:$a, $b), (G_FDIV ppcf128:$b, $x, f128:$y)),
  (apply (G_FSUB $dst, $a, $x))>;
def vectors : GICombineRule<
  (defs root:$dst),
  (match (G_AND v4i32:$dst, v2i16:$a, $b), (G_OR v4f16:$b, v4i8:$x, v2bf16:$y)),
  (apply (G_XOR $dst, $a, $x))>;
def scalable : GICombineRule<
  (defs root:$dst),
  (match (G_XOR nxv2i64:$dst, v1i32:$a, v2f64:$b)),
  (apply (G_AND $dst, $b, $a))>;
def temp_typed : GICombineRule<
  (defs root:$dst),
  (match (G_SHL $dst, $x, $y)),
  (apply (G_ADD v2f32:$t, $x, $y), (G_LSHR $dst, $t, $y))>;

def TypeCombiner : GICombiner<"MyTypeCombinerImpl", [int_typed, float_typed, odd_floats, vectors,
                                                     scalable, temp_typed]>;
