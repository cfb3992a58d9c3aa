# no such def, no such field (did-you-mean, status 2), no field named, sources that do not
# evaluate (status 1), sources from tdq.toml
explain ADDr.AsmString --td explain.td
explain ADDrr.AsmStrin --td explain.td
explain ADDrr --td explain.td
explain X.Y --td broken.td
init --td explain.td
explain NOP.Size
