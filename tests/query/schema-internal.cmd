# Internal tables are not what `tdq schema` documents; the class views are listed with the sources at hand.
schema vals --td small.td -I inc
schema tdq_records --td small.td -I inc
schema --td small.td -I inc
schema class:Tagged --td small.td -I inc
