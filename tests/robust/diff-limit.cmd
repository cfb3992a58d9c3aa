diff inputs/many-records.td inputs/small.td --limit records=50
