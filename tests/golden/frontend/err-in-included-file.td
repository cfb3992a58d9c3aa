// ARGS: -I inc
// An error in an included file is reported there, with where it was included from.
def Before;
include "bad.td"
def After;
