tblgen -I inputs --limit include-depth=3 inputs/chain-a.td
