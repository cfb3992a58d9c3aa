q flags CALL extra --td small.td -I inc
