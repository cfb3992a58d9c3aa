include "chain-e.td"
def D;
