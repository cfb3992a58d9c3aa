// Combine rules that parse in every release: their dump (-gicombiner-stop-after-parse) and
// the type inference log (-gicombiner-debug-typeinfer).
include "gic-target.td"

def md_reg : GIDefMatchData<"Register">;
def md_imm : GIDefMatchData<"int64_t">;
def OnFriday : Predicate<"Subtarget->isFriday()">;

def wip_two : GICombineRule<
  (defs root:$d, md_reg:$r),
  (match (wip_match_opcode G_TRUNC, G_SEXT):$d, [{ return match(${d}, ${r}); }]),
  (apply [{ apply(${d}, ${r}); }])>;

def copy_rule : GICombineRule<
  (defs root:$dst),
  (match (COPY $dst, $mid), (G_ZEXT $mid, i32:$src):$z),
  (apply (COPY $dst, $src))>;

def typed_imms : GICombineRule<
  (defs root:$dst),
  (match (G_ADD $dst, $x, (i32 0))),
  (apply (G_SUB $dst, $x, (i32 -1)), (G_CONSTANT $unused, (i64 7)))>;

def infer_tmp : GICombineRule<
  (defs root:$dst),
  (match (G_FNEG $dst, $src)),
  (apply (G_FSUB $tmp, $src, 0), (G_FNEG $dst, $tmp))>;

def typeof_rule : GICombineRule<
  (defs root:$dst),
  (match (G_ZEXT $dst, $src)),
  (apply (G_ANYEXT GITypeOf<"$dst">:$t, $src), (COPY $dst, $t))>;

def flags_rule : GICombineRule<
  (defs root:$dst),
  (match (G_FADD $dst, $a, $b, (MIFlags FmNoNans, (not FmNoInfs))):$fadd),
  (apply (G_FSUB $dst, $a, $b, (MIFlags $fadd, FmArcp, (not FmNsz))))>;

def intrinsic_rule : GICombineRule<
  (defs root:$dst),
  (match (int_one_in_one_out $dst, $x), (int_effects $x, $y), (int_convergent $y, $z)),
  (apply (COPY $dst, $z))>;

def MyFrag : GICombinePatFrag<
  (outs root:$dst), (ins gi_imm:$amt, $in),
  [(pattern (G_SHL $dst, $in, $c), (G_CONSTANT $c, $amt)),
   (pattern (G_MUL $dst, $in, $in), "return check(${in}, ${amt});")]>;

def frag_rule : GICombineRule<
  (defs root:$root),
  (match (MyFrag $root, 3, $x):$frag, (G_TRUNC $x, $y)),
  (apply (COPY $root, $y))>;

def frag_rule_again : GICombineRule<
  (defs root:$root),
  (match (MyFrag $root, 1, $x)),
  (apply [{ return; }])>;

def no_defs_root : GICombineRule<
  (defs root:$st),
  (match (G_STORE $v, $p):$st),
  (apply (G_STORE $p, $v):$st)>;

def replace_reg : GICombineRule<
  (defs root:$dst),
  (match (G_AND $dst, $src, $src)),
  (apply (GIReplaceReg $dst, $src))>;

def erase_root : GICombineRule<
  (defs root:$mi),
  (match (G_STORE $v, $p):$mi),
  (apply (GIEraseRoot))>;

def no_return : GICombineRule<
  (defs root:$d),
  (match (COPY $d, $s), "matched(${d})"),
  (apply "apply()")>;

def classes_by_order : GICombineRule<
  (defs root:$zed),
  (match (G_SEXT $zed, $alpha)),
  (apply (G_ZEXT $zed, $alpha))>;

def group : GICombineGroup<[copy_rule, typed_imms]>;

def MyCombiner: GICombiner<"GenMyCombiner", [
  wip_two, group, infer_tmp, typeof_rule, flags_rule, copy_rule, intrinsic_rule, frag_rule,
  frag_rule_again, no_defs_root, replace_reg, erase_root, no_return,
  classes_by_order
]>;
