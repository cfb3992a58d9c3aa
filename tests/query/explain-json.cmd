explain SUB_32rr.AsmString --td explain.td --format json
