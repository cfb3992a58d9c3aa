// Rules that require subtarget features (`Predicates`): features declared in an order other
// than their records', one recomputed per function, one with no condition (never required),
// the same sets in several rules, sets of two in either order, a wip_match_opcode rule of two
// opcodes and rules without features beside them.
include "gic-target.td"

def HasB : Predicate<"Subtarget->hasB()">;
def HasA : Predicate<"Subtarget->hasA()">;
def AlwaysTrue : Predicate<"">;
def OptForSize : Predicate<"MF->getFunction().hasOptSize()"> {
  let RecomputePerFunction = 1;
}
def HasC : Predicate<"Subtarget->hasC() && Subtarget->getC() > 2">;

let Predicates = [HasC] in
def rule_c : GICombineRule<
  (defs root:$d),
  (match (G_ADD $d, $x, 0)),
  (apply (GIReplaceReg $d, $x))>;

let Predicates = [HasB, AlwaysTrue, HasA] in
def rule_ba : GICombineRule<
  (defs root:$d),
  (match (wip_match_opcode G_TRUNC, G_SEXT):$d),
  (apply "APPLY ${d}")>;

let Predicates = [HasA, HasB] in
def rule_ab : GICombineRule<
  (defs root:$d),
  (match (G_MUL $d, $x, 1)),
  (apply (GIReplaceReg $d, $x))>;

def rule_none : GICombineRule<
  (defs root:$d),
  (match (G_MUL $d, $x, 0)),
  (apply (G_CONSTANT $d, (i32 0)))>;

let Predicates = [OptForSize, HasC] in
def rule_size : GICombineRule<
  (defs root:$d),
  (match (G_SUB $d, $x, 0)),
  (apply (GIReplaceReg $d, $x))>;

let Predicates = [HasC] in
def rule_c2 : GICombineRule<
  (defs root:$d),
  (match (G_OR $d, $x, $x)),
  (apply (GIReplaceReg $d, $x))>;

let Predicates = [AlwaysTrue] in
def rule_true : GICombineRule<
  (defs root:$d),
  (match (G_XOR $d, $x, 0)),
  (apply (GIReplaceReg $d, $x))>;

def FeatureCombiner : GICombiner<"GenFeatureCombiner", [
  rule_c, rule_ba, rule_ab, rule_none, rule_size, rule_c2, rule_true
]>;
