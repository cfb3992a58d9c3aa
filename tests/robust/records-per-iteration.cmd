tblgen inputs/defs-per-iteration.td
