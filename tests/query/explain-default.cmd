# a template argument default, then a field declaration in a class body
explain ADDrr.Size --td explain.td
explain ADDrr.Namespace --td explain.td
