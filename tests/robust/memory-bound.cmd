tblgen --max-memory 64M inputs/memory-fold.td
