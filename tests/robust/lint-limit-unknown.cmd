lint --td inputs/small.td --limit bogus=1
