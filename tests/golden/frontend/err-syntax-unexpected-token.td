// A token that cannot start a statement at top level.
def A;
= 5;
