explain ADDrr.AsmString --td explain.td
