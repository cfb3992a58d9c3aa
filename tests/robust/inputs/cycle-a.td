def A;
include "cycle-b.td"
