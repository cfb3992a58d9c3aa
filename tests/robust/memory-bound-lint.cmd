lint --max-memory 64M --td inputs/memory-fold.td
