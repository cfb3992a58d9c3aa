tblgen --limit string-size=100000 inputs/string-interleave.td
