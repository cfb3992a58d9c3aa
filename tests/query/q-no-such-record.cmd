# A canned query's parameter naming a def, record or field the store lacks is an error, not an empty result.
q flags NOSUCH --td small.td -I inc
q flags CAL --td small.td -I inc
q provenance Instr --td small.td -I inc
q defm-chain NOP_rr --td small.td -I inc
q hierarchy Instrr --td small.td -I inc
q hierarchy Instr --td small.td -I inc
q with-flag isCal 1 --td small.td -I inc
q with-flag isCall 7 --td small.td -I inc
q flags NOSUCH --td small.td -I inc --engine datafusion
