tblgen -I inputs inputs/include-guarded.td
