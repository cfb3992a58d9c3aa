inputs/old.td inputs/new.td --field Asm --field !superclasses
