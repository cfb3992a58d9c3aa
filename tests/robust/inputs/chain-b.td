include "chain-c.td"
def B;
