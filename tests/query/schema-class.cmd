schema Instr --td small.td -I inc
