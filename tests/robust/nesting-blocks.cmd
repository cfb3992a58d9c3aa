tblgen --limit nesting-depth=20 inputs/nesting-blocks.td
