tblgen -I inputs --limit include-depth=5 inputs/chain-a.td
