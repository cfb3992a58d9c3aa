tblgen inputs/huge-splat.td
