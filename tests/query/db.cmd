export --db small.db --td small.td -I inc
--db small.db "select name from records where isCall = 1 order by name"
--db small.db "select name from Tagged"
q flags CALL --db small.db
schema Instr --db small.db
--db nope.db "select 1"
--db small.td "select 1"
