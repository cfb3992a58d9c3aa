// Included by path relative to the including file's directory.
include "common.td"
def LocalValue {
  int v = 17;
}
