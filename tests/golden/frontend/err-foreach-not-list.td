// foreach over a value that is neither a list nor a range.
foreach i = "s" in
def A#i;
