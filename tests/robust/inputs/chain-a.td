include "chain-b.td"
def A;
