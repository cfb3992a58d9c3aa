// Comments: line comments, block comments, and nested block comments.
// A line comment may contain /* or */ without effect.

/* A block comment
   spanning lines. */
def A { /* inline */ int x = /* between tokens */ 1; } // trailing

/* Block comments nest: /* inner */ still in the outer one,
   def NotDefined;
*/
def B {
  int y = 2; /* a // line comment marker inside a block comment */
}

/**/ def C; /***/
