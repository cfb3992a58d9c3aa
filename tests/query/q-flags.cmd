q flags CALL --td small.td -I inc
