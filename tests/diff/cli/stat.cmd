inputs/old.td inputs/new.td --stat
