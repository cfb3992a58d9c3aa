lint --td inputs/many-records.td --limit records=50
