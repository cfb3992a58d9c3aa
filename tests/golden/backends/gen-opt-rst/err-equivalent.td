// Two options with the same name, prefixes and kind precedence.
// ARGS: --gen-opt-rst -I ../gen-opt-parser-defs/inc
include "OptParser.td"
def a : Flag<["-"], "a">;
def b : Flag<["-"], "a">;
