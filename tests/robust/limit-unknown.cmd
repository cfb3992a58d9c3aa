tblgen --limit depth=3 inputs/small.td
