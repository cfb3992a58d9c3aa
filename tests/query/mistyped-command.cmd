# One bare word is a mistyped command, not SQL: a hint instead of a syntax error.
lnit
shema --td small.td -I inc
frobnicate
