# The class hierarchy around a def or class, as dot and as Mermaid; an unknown name is an error.
graph TAILCALL --td small.td -I inc
graph Instr --format mermaid --td small.td -I inc
graph TAILCAL --td small.td -I inc
