tblgen inputs/list-doubling.td
