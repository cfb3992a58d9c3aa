def A;
include "no-such-file.td"
