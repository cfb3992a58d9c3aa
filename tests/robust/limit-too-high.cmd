tblgen --limit instantiation-depth=1000000 inputs/small.td
