tblgen --null-backend inputs/deep-dag.td
