inputs/old.td inputs/new.td --format json
