tblgen --max-memory 12X inputs/small.td
