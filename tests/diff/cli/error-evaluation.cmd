inputs/old.td inputs/broken.td
