tblgen -I inputs inputs/include-self.td
