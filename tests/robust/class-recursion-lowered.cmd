tblgen --limit instantiation-depth=10 inputs/class-recursion.td
