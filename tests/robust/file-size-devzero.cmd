tblgen -I inputs --limit file-size=1000 inputs/include-devzero.td
