inputs/old.td inputs/missing.td
