// The bounds of a foreach range piece (a-b, a...b) cannot be negative.
foreach i = -2-0 in
def Neg#i;
