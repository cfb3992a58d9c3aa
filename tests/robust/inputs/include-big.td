include "big.td"
def B;
