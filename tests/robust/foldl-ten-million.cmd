tblgen inputs/foldl-ten-million.td
