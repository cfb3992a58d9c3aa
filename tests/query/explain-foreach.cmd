explain JMP16.AsmString --td explain.td
