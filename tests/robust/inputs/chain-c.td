include "chain-d.td"
def C;
