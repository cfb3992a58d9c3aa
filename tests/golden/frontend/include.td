// ARGS: -I inc
// include: files found beside the including file and on -I paths, and nested includes.
include "common.td"
include "inc/local.td"

def UsesIncluded : Common<5> {
  int fromLocal = LocalValue.v;
}
