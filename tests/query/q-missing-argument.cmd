q flags --td small.td -I inc
