# sqlite3's .mode line: --mode is --format's other name; tabs and line breaks escaped.
--td small.td -I inc --mode line "select name, Size, 'a' || char(9) || 'b' as tabbed from records where name in ('NOP', 'CALL') order by name"
--td small.td -I inc --format vertical "select 1 as x"
