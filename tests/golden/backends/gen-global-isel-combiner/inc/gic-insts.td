// Rules whose match patterns are instructions: nested instructions, immediates and typed
// operands, an operand used twice, C++ predicates beside them, MI flags and an intrinsic; apply
// patterns that build instructions (temporary registers, constants, a G_CONSTANT's own
// immediate, copied flags), replace a register or erase the root; a pattern fragment of two
// alternatives, and a type taken from a matched operand (GITypeOf).
include "gic-target.td"

def nested_zext : GICombineRule<
  (defs root:$dst),
  (match (G_ZEXT $t, $x),
         (G_AND $dst, $t, $y),
         (G_ADD $y, $x, $x),
         "return Helper.check(${x}, ${t});"),
  (apply (G_ZEXT $dst, $x))>;

def imms : GICombineRule<
  (defs root:$dst),
  (match (G_CONSTANT $c, (i32 -42)),
         (G_ADD $dst, $src, $c)),
  (apply (G_SUB i32:$tmp, $src, (i32 7)),
         (G_MUL $dst, $tmp, $src))>;

def cimm : GICombineRule<
  (defs root:$dst),
  (match (G_SUB $dst, $x, $x)),
  (apply (G_CONSTANT $dst, (i32 0)))>;

def replace : GICombineRule<
  (defs root:$dst),
  (match (G_OR i32:$dst, $x, 0)),
  (apply (GIReplaceReg $dst, $x))>;

def erase : GICombineRule<
  (defs root:$root),
  (match (G_STORE $v, $ptr):$root, "return Helper.dead(${v});"),
  (apply (GIEraseRoot))>;

def flags : GICombineRule<
  (defs root:$dst),
  (match (G_FNEG $x, $a, (MIFlags FmNoNans)),
         (G_FSUB $dst, $x, $b, (MIFlags FmNsz, FmArcp, (not FmReassoc))):$sub),
  (apply (G_FADD $dst, $a, $b, (MIFlags $sub, FmContract)))>;

def intrin : GICombineRule<
  (defs root:$dst),
  (match (int_one_in_one_out $dst, $x)),
  (apply (int_effects $dst, $x))>;

def frag_or_xor : GICombinePatFrag<
  (outs root:$dst), (ins $a, $b),
  [(pattern (G_OR $dst, $a, $b)),
   (pattern (G_XOR $dst, $a, $b), "return Helper.isXor(${a});")]>;

def with_frag : GICombineRule<
  (defs root:$dst),
  (match (frag_or_xor $dst, $x, $y), "return Helper.other(${x}, ${y});"),
  (apply (G_AND $dst, $x, $y))>;

def typeof : GICombineRule<
  (defs root:$dst),
  (match (G_ANYEXT $dst, $x)),
  (apply (G_ZEXT GITypeOf<"$dst">:$t, $x), (G_TRUNC $dst, $t))>;

def InstCombiner : GICombiner<"MyInstCombinerImpl", [nested_zext, imms, cimm, replace, erase, flags,
                                                     intrin, with_frag, typeof]>;
