// A block comment that is never closed.
def A;
/* this comment
   never ends
