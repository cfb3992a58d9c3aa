tblgen --limit foreach-iterations=1000000 inputs/nested-foreach-op.td
