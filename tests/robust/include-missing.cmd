tblgen -I inputs inputs/include-missing.td
