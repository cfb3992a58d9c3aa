schema superclasses --td small.td -I inc
