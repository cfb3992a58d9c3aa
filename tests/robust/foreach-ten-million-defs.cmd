tblgen inputs/ten-million-defs.td
