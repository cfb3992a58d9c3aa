explain NOP.Size --td explain.td
