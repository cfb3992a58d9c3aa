tblgen inputs/class-recursion.td
