inputs/old.td inputs/new.td --record [A-C]_* --record X
