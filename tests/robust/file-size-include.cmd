tblgen -I inputs --limit file-size=50 inputs/include-big.td
