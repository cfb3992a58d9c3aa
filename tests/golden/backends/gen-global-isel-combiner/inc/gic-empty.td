// Combiners without rules: the executor around a table that rejects everything.
include "gic-target.td"

def EmptyCombiner : GICombiner<"MyEmptyCombinerImpl", []>;
def EmptyGroups : GICombineGroup<[]>;
def GroupedCombiner : GICombiner<"MyGroupedCombinerImpl", [EmptyGroups, GICombineGroup<[EmptyGroups]>]> {
  let CombineAllMethodName = "tryCombineAllGrouped";
}
