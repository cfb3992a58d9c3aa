tblgen -I inputs inputs/cycle-a.td
