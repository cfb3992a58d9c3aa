inputs/old.td inputs/new.td --class Flagged
