q hierarchy TAILCALL --td small.td -I inc
