schema records --td small.td -I inc
