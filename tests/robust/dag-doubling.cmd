tblgen inputs/dag-doubling.td
