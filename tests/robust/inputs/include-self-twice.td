include "include-self-twice.td"
include "include-self-twice.td"
