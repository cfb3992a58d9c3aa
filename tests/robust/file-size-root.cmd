tblgen --limit file-size=10 inputs/small.td
