// Combine rules and fragments that do not parse, in every release (each rule stops at its
// first error; the combiner fails after all of them).
include "gic-target.td"

def not_a_type;
def NotAFlag;
def md : GIDefMatchData<"unsigned">;

def no_root : GICombineRule<(defs md:$m), (match (COPY $a, $b)), (apply "x")>;
def two_roots : GICombineRule<(defs root:$a, root:$b), (match (COPY $a, $b)), (apply "x")>;
def bad_def : GICombineRule<(defs not_a_type:$a), (match (COPY $a, $b)), (apply "x")>;
def root_missing : GICombineRule<(defs root:$missing), (match (COPY $a, $b):$d), (apply "x")>;
def livein_root : GICombineRule<(defs root:$b), (match (COPY $a, $b)), (apply "x")>;
def few_ops : GICombineRule<(defs root:$d), (match (COPY $a):$d), (apply "x")>;
def many_ops : GICombineRule<(defs root:$d), (match (COPY $a, $b, $c):$d), (apply "x")>;
def few_variadic : GICombineRule<(defs root:$x), (match (G_BUILD_VECTOR $x)), (apply "x")>;
def multi_defs : GICombineRule<(defs root:$d), (match (COPY $d, $b), (COPY $d, $x)), (apply "x")>;
def redef_match : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d, (COPY $b, $z):$d), (apply "x")>;
def redef_apply : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d),
  (apply (COPY $a, $x):$o, (COPY $x, $b):$o)>;
def wip_apply : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d),
  (apply (wip_match_opcode G_ZEXT):$w)>;
def wip_twice : GICombineRule<(defs root:$d),
  (match (wip_match_opcode COPY):$d, (wip_match_opcode G_ZEXT)), (apply "x")>;
def wip_not_inst : GICombineRule<(defs root:$d), (match (wip_match_opcode not_a_type):$d), (apply "x")>;
def multi_def_apply : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d),
  (apply (COPY $a, $b), (COPY $a, $b))>;
def undef_in_apply : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d), (apply (COPY $x, $b))>;
def bad_imm : GICombineRule<(defs root:$a), (match (COPY $x, (i32)):$d), (apply "x")>;
def bad_imm_args : GICombineRule<(defs root:$a), (match (COPY $x, (i32 0, 0)):$d), (apply "x")>;
def bad_imm_type : GICombineRule<(defs root:$a), (match (COPY $x, (COPY 0)):$d), (apply "x")>;
def imm_def : GICombineRule<(defs root:$a), (match (COPY (i32 0), $x):$d), (apply "x")>;
def no_op_name : GICombineRule<(defs root:$x), (match (G_FNEG $x, i32)), (apply "x")>;
def bad_op_type : GICombineRule<(defs root:$x), (match (G_FNEG $x, not_a_type:$y)), (apply "x")>;
def two_flags : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s, (MIFlags FmArcp), (MIFlags FmArcp))),
  (apply "x")>;
def bad_flag : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s, (MIFlags (not NotAFlag)))), (apply "x")>;
def flag_not_def : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s, (MIFlags (not "x")))), (apply "x")>;
def flags_builtin : GICombineRule<(defs root:$x), (match (COPY $x, $y)),
  (apply (GIReplaceReg $x, $y, (MIFlags FmArcp)))>;
def copy_flags_match : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s, (MIFlags $other)):$mi),
  (apply "x")>;
def unknown_flags_ref : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s):$mi),
  (apply (G_MUL $d, $s, $s, (MIFlags $nope)))>;
def mixed_apply : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s)), (apply (G_MUL $d, $s, $s), "x")>;
def md_no_cxx : GICombineRule<(defs root:$d, md:$m), (match (G_ZEXT $d, $s)), (apply (G_MUL $d, $s, $s))>;
def conflicting : GICombineRule<(defs root:$d), (match (G_ZEXT $d, i32:$s), (G_TRUNC $s, i64:$s)),
  (apply "x")>;
def typeof_unmatched : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s)),
  (apply (G_ANYEXT GITypeOf<"$nope">:$t, $s), (COPY $d, $t))>;
def typeof_bad_name : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s)),
  (apply (G_ANYEXT GITypeOf<"nope">:$t, $s), (COPY $d, $t))>;
def typeof_in_match : GICombineRule<(defs root:$d), (match (G_ZEXT $d, GITypeOf<"$d">:$s)), (apply "x")>;
def replace_nondef : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s)), (apply (GIReplaceReg $s, $d))>;
def erase_with_defs : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $s)), (apply (GIEraseRoot))>;
def erase_not_alone : GICombineRule<(defs root:$mi), (match (G_STORE $v, $p):$mi),
  (apply (GIEraseRoot), (G_STORE $v, $p))>;
def builtin_in_match : GICombineRule<(defs root:$d), (match (GIReplaceReg $d, $s)), (apply "x")>;
def builtin_imm : GICombineRule<(defs root:$d), (match (COPY $d, $s)), (apply (GIReplaceReg $d, 0))>;
def not_redefined : GICombineRule<(defs root:$a), (match (COPY $a, $b):$foo), (apply (COPY $x, $b))>;
def apply_root_not_redef : GICombineRule<(defs root:$d), (match (COPY $a, $b):$d),
  (apply (COPY $tmp, $b):$d, (COPY $a, $tmp))>;
def wip_with_apply_inst : GICombineRule<(defs root:$d), (match (wip_match_opcode COPY):$d),
  (apply (COPY $x, $b):$d)>;
def no_apply_root : GICombineRule<(defs root:$st), (match (G_STORE $v, $p):$st),
  (apply (G_STORE $p, $v))>;
def empty_list : GICombineRule<(defs root:$d), (match), (apply "x")>;
def wrong_operator : GICombineRule<(defs root:$d), (apply "x"), (match (COPY $d, $s))>;

// Fragments.
def NoIns : GICombinePatFrag<(outs root:$r), (outs), [(pattern (COPY $r, $x))]>;
def DupParam : GICombinePatFrag<(outs root:$r), (ins $x, $x), [(pattern (COPY $r, $x))]>;
def InRedef : GICombinePatFrag<(outs root:$r), (ins $x), [(pattern (COPY $r, $y), (COPY $x, $r))]>;
def OutUndef : GICombinePatFrag<(outs root:$r, $o), (ins $x), [(pattern (COPY $r, $x))]>;
def TwoRoots : GICombinePatFrag<(outs root:$r, root:$s), (ins), [(pattern (COPY $r, $s), (COPY $s, $r))]>;
def NoRoot : GICombinePatFrag<(outs $r), (ins $x), [(pattern (COPY $r, $x))]>;
def RootIn : GICombinePatFrag<(outs), (ins root:$x), [(pattern "return true;")]>;
def WipFrag : GICombinePatFrag<(outs), (ins $x), [(pattern (wip_match_opcode COPY))]>;
def BadParam : GICombinePatFrag<(outs root:$r), (ins not_a_type:$x), [(pattern (COPY $r, $x))]>;
def Unnamed : GICombinePatFrag<(outs root:$r), (ins gi_imm), [(pattern (COPY $r, $r))]>;
def Redef : GICombinePatFrag<(outs root:$r), (ins), [(pattern (COPY $r, $x), (COPY $r, $x))]>;
def MultiDefRoot : GICombinePatFrag<(outs root:$r), (ins), [(pattern (G_UNMERGE_VALUES $r, $s, $v))]>;
def Good : GICombinePatFrag<(outs root:$r), (ins gi_imm:$i, $x), [(pattern (COPY $r, $x))]>;

def use_no_ins : GICombineRule<(defs root:$r), (match (NoIns $r)), (apply "x")>;
def use_no_ins_again : GICombineRule<(defs root:$r), (match (NoIns $r)), (apply "x")>;
def use_dup : GICombineRule<(defs root:$r), (match (DupParam $r, $a, $b)), (apply "x")>;
def use_in_redef : GICombineRule<(defs root:$r), (match (InRedef $r, $a)), (apply "x")>;
def use_out_undef : GICombineRule<(defs root:$r), (match (OutUndef $r, $o, $a)), (apply "x")>;
def use_two_roots : GICombineRule<(defs root:$r), (match (TwoRoots $r, $s)), (apply "x")>;
def use_no_root : GICombineRule<(defs root:$r), (match (NoRoot $r, $x)), (apply "x")>;
def use_root_in : GICombineRule<(defs root:$r), (match (RootIn $r)), (apply "x")>;
def use_wip : GICombineRule<(defs root:$r), (match (WipFrag $r)), (apply "x")>;
def use_bad_param : GICombineRule<(defs root:$r), (match (BadParam $r, $x)), (apply "x")>;
def use_unnamed : GICombineRule<(defs root:$r), (match (Unnamed $r, 0)), (apply "x")>;
def use_redef : GICombineRule<(defs root:$r), (match (Redef $r)), (apply "x")>;
def use_multidef : GICombineRule<(defs root:$r), (match (MultiDefRoot $r)), (apply "x")>;
def good_imm_named : GICombineRule<(defs root:$r), (match (Good $r, 0:$i, $x)), (apply "x")>;
def good_not_imm : GICombineRule<(defs root:$r), (match (Good $r, $i, $x)), (apply "x")>;
def good_imm_op : GICombineRule<(defs root:$r), (match (Good $r, 0, 1)), (apply "x")>;
def good_in_apply : GICombineRule<(defs root:$r), (match (COPY $r, $x)), (apply (Good $r, 0, $x))>;
def good_perms : GICombineRule<(defs root:$r), (match (Good $r, 0, $x), (Good $x, 1, $y)),
  (apply (COPY $r, $y))> { let MaxPermutations = 0; }
def too_many_perms : GICombineRule<(defs root:$r),
  (match (G_ADD $r, $a, $b), (Good $a, 0, $x), (Good $b, 1, $y), [{ return false; }]),
  (apply "x")> { let MaxPermutations = 0; }

def MyCombiner: GICombiner<"GenMyCombiner", [
  no_root, two_roots, bad_def, root_missing, livein_root, few_ops, many_ops, few_variadic,
  multi_defs, redef_match, redef_apply, wip_apply, wip_twice, wip_not_inst, multi_def_apply,
  undef_in_apply, bad_imm, bad_imm_args, bad_imm_type, imm_def, no_op_name, bad_op_type,
  two_flags, bad_flag, flag_not_def, flags_builtin, copy_flags_match, unknown_flags_ref,
  mixed_apply, md_no_cxx, conflicting, typeof_unmatched, typeof_bad_name, typeof_in_match,
  replace_nondef, erase_with_defs, erase_not_alone, builtin_in_match, builtin_imm,
  not_redefined, apply_root_not_redef, wip_with_apply_inst, no_apply_root, empty_list,
  wrong_operator,
  use_no_ins, use_no_ins_again, use_dup, use_in_redef, use_out_undef, use_two_roots,
  use_no_root, use_root_in, use_wip, use_bad_param, use_unnamed, use_redef, use_multidef,
  good_imm_named, good_not_imm, good_imm_op, good_in_apply
]>;
