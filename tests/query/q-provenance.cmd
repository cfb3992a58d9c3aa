q provenance JMP --td small.td -I inc
