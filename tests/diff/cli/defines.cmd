inputs/old.td inputs/old.td -D FOO -I inputs
