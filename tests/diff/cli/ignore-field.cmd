inputs/old.td inputs/new.td --ignore-field hasSideEffects --ignore-field Asm --ignore-field Decoder
