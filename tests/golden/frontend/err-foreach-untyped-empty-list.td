// foreach over [] fails: an empty list literal has no element type unless written []<type>.
foreach i = [] in
def Never#i;
