tblgen --limit records inputs/small.td
