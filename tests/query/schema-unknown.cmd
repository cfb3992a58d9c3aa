schema Nope --td small.td -I inc
