inputs/old.td inputs/new.td --color always --record X --record V
