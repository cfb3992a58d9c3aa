inputs/old.td no-such-revision-xyz:inputs/new.td
