inputs/encoding-old.td inputs/encoding-new.td --format markdown
