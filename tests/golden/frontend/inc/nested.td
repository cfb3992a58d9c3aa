// Included by common.td: nested includes search the -I paths too.
class Nested {
  string origin = "nested.td";
}
