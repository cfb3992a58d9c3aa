q flag CALL --td small.td -I inc
