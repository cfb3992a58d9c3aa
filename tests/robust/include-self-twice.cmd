tblgen -I inputs inputs/include-self-twice.td
