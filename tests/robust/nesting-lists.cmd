tblgen --limit nesting-depth=4 inputs/nesting-lists.td
