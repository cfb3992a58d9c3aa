init --td nope.td
