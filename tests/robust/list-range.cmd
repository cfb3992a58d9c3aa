tblgen inputs/huge-range.td
