tblgen --limit nesting-depth=20 inputs/nesting-values.td
