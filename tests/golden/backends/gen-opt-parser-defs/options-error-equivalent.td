// Two options with the same name, prefixes and kind precedence.
// ARGS: --gen-opt-parser-defs -I inc
include "OptParser.td"
def a : Flag<["-"], "a">;
def b : Flag<["-"], "a">;
