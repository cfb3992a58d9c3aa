explain RET.AsmString --td explain.td
