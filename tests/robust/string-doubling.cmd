tblgen --limit string-size=1000 inputs/string-doubling.td
