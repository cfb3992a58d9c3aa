// Rules matched by opcode (wip_match_opcode) with C++ match and apply code: a switch on the
// root's opcode, rules of one opcode grouped, the C++ of each rule one custom action (the
// same code once), match data, and two combiners sharing the rule numbering and the code.
include "gic-target.td"

def FooMatchInfo : GIDefMatchData<"unsigned">;

def fold_add : GICombineRule<
  (defs root:$root),
  (match (wip_match_opcode G_ADD):$root,
         [{ return Helper.matchFoldAdd(*${root}); }]),
  (apply [{ Helper.applyFoldAdd(*${root}); }])>;

def fold_add_sub : GICombineRule<
  (defs root:$root, FooMatchInfo:$info),
  (match (wip_match_opcode G_SUB, G_ADD):$root,
         [{ return Helper.matchWithInfo(*${root}, ${info}); }],
         [{ return Helper.second(${info}) \$ 2; }]),
  (apply [{ Helper.applyWithInfo(*${root},
                ${info}); }])>;

def fold_and : GICombineRule<
  (defs root:$d),
  (match (wip_match_opcode G_AND):$d),
  (apply [{ Helper.applyFoldAdd(*${d}); }])>;

def same_code : GICombineRule<
  (defs root:$root),
  (match (wip_match_opcode G_XOR):$root,
         [{ return Helper.matchFoldAdd(*${root}); }]),
  (apply [{ Helper.applyFoldAdd(*${root}); }])>;

def FirstCombiner : GICombiner<"MyFirstCombinerImpl", [fold_add, fold_add_sub, fold_and]>;
def SecondCombiner : GICombiner<"MySecondCombinerImpl", [GICombineGroup<[same_code, fold_add]>]> {
  let CombineAllMethodName = "tryCombineAllImpl";
}
