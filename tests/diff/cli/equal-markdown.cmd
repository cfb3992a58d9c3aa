inputs/old.td inputs/old.td --format markdown
