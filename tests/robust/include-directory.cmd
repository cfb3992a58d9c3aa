tblgen -I inputs inputs/include-directory.td
