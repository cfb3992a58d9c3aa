tblgen inputs/include-unreadable.td
