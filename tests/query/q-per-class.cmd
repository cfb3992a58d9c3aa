q per-class --td small.td -I inc
