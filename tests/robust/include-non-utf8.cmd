tblgen -I inputs inputs/include-non-utf8.td
