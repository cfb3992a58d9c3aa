explain PUSH.AsmString --td explain.td
