explain JMP8.AsmString --td explain.td
