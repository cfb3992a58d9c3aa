def B;
include "cycle-a.td"
