// Errors of instruction patterns at emission: a nested instruction on an operand that is
// the same as another, a pattern unreachable from the root, a named immediate defined by
// another instruction, an untyped G_CONSTANT immediate, a use with no definition.
include "gic-target.td"

def same_twice : GICombineRule<
  (defs root:$dst),
  (match (G_ZEXT $t, $x),
         (G_AND $dst, $t, $t)),
  (apply (G_ZEXT $dst, $x))>;

def frag_or : GICombinePatFrag<
  (outs root:$dst), (ins $a, $b),
  [(pattern (G_OR $dst, $a, $b))]>;

def unreachable : GICombineRule<
  (defs root:$dst),
  (match (frag_or $dst, $x, $y), (G_TRUNC $x, $w)),
  (apply (G_AND $dst, $x, $y))>;

def untyped_cst : GICombineRule<
  (defs root:$dst),
  (match (G_SUB $dst, $x, $x)),
  (apply (G_CONSTANT $dst, 0))>;

def no_def : GICombineRule<
  (defs root:$dst),
  (match (G_SUB $dst, $x, $x)),
  (apply (G_ADD $dst, $x, $nowhere))>;

def ErrCombiner : GICombiner<"MyErrCombinerImpl", [same_twice, unreachable, untyped_cst, no_def]>;
