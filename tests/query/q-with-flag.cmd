q with-flag isCall 1 --td small.td -I inc
