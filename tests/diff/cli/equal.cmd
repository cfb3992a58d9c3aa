inputs/old.td inputs/old.td
