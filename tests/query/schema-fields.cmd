schema fields --td small.td -I inc
