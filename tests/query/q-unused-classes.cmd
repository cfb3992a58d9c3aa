q unused-classes --td small.td -I inc
