// Included by ctags.td.
class Included;
def fromInclude : Included;
