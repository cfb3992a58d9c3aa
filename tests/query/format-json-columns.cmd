# JSON keeps the query's column order and every column, a repeated name repeated (as sqlite3 -json).
--td small.td -I inc --format json "select name, Size, name from records where name in ('NOP', 'CALL') order by name"
--td small.td -I inc --format jsonl "select r.name, s.superclass as name from records r join superclasses s on s.record_id = r.id where r.name = 'TAILCALL' order by s.position"
