tblgen --limit records=many inputs/small.td
