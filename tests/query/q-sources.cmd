q sources --td small.td -I inc --format tsv
