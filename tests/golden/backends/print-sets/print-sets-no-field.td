// ARGS: --print-sets
// A Set class without the Elements field.
class Set;
def X : Set;
