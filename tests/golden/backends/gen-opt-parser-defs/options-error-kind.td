// An option whose Kind is not a record.
// ARGS: --gen-opt-parser-defs -I inc
include "OptParser.td"
def a : Flag<["-"], "a">;
def b : Flag<["-"], "b"> { let Name = ?; }
