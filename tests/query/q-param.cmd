q flags --param record=JMP --td small.td -I inc
