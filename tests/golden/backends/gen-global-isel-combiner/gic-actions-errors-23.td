// The combine action and variadic operand types, which LLVM 22 added: errors (LLVM 23).
// RELEASE: 23
// ARGS: --gen-global-isel-combiner -combiners=MyCombiner -I ../../../../../shared/corpus/llvm-23.1.1/llvm/include -I inc
include "gic-target.td"

def combine_no_cxx : GICombineRule<(defs root:$d), (combine (wip_match_opcode G_TRUNC):$d)>;
def combine_no_mir : GICombineRule<(defs root:$d), (combine "return APPLY;")>;
def combine_and_match : GICombineRule<(defs root:$d), (combine (G_ZEXT $d, $y), "return APPLY;"),
  (match (G_ZEXT $d, $y))>;
def only_match : GICombineRule<(defs root:$d), (match (G_ZEXT $d, $y))>;
def combine_builtin : GICombineRule<(defs root:$d), (combine (GIEraseRoot), "x")>;
def variadic_zero : GICombineRule<(defs root:$d),
  (match (G_BUILD_VECTOR $d, GIVariadic<0>:$args)), (apply "x")>;
def variadic_max : GICombineRule<(defs root:$d),
  (match (G_BUILD_VECTOR $d, GIVariadic<3, 2>:$args)), (apply "x")>;
def variadic_not_last : GICombineRule<(defs root:$d),
  (match (G_BUILD_VECTOR $d, GIVariadic<>:$args, $x)), (apply "x")>;
def variadic_def : GICombineRule<(defs root:$d),
  (match (G_UNMERGE_VALUES GIVariadic<>:$d, $x)), (apply "x")>;
def variadic_fixed : GICombineRule<(defs root:$d),
  (match (G_ZEXT $d, GIVariadic<>:$args)), (apply "x")>;
def variadic_apply_def : GICombineRule<(defs root:$d),
  (match (G_BUILD_VECTOR $d, $x, $y)), (apply (G_BUILD_VECTOR GIVariadic<>:$d, $x))>;
def variadic_in_frag : GICombinePatFrag<(outs root:$r), (ins),
  [(pattern (G_BUILD_VECTOR $r, GIVariadic<>:$args))]>;
def use_variadic_frag : GICombineRule<(defs root:$r), (match (variadic_in_frag $r)), (apply "x")>;
def typeof_in_match : GICombineRule<(defs root:$d), (match (G_ZEXT $d, GITypeOf<"$d">:$s)), (apply "x")>;

def MyCombiner: GICombiner<"GenMyCombiner", [
  combine_no_cxx, combine_no_mir, combine_and_match, only_match, combine_builtin, variadic_zero,
  variadic_max, variadic_not_last, variadic_def, variadic_fixed, variadic_apply_def,
  use_variadic_frag, typeof_in_match
]>;
