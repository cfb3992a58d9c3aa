// C++ code of rules matched by opcode that does not expand: an undeclared name (an error, so
// the combiner fails), an unterminated expansion and a `$` without its escape (warnings).
include "gic-target.td"

def dollar : GICombineRule<
  (defs root:$root),
  (match (wip_match_opcode G_ADD):$root,
         [{ return Helper.match(*${root}) $ 1; }]),
  (apply [{ Helper.apply(*${root}); }])>;

def undeclared : GICombineRule<
  (defs root:$root),
  (match (wip_match_opcode G_SUB):$root),
  (apply [{ Helper.apply(*${root}, ${nothing}); }])>;

def unterminated : GICombineRule<
  (defs root:$root),
  (match (wip_match_opcode G_AND):$root),
  (apply [{ Helper.apply(*${root}); ${root }])>;

def ErrorCombiner : GICombiner<"MyErrorCombinerImpl", [dollar, undeclared, unterminated]>;
