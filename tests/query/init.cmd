init --td small.td -I inc -D WITH_EXTRA
"select count(*) from records"
"select key, value from meta where key in ('root', 'include_dirs', 'defines') order by key"
cd sub
"select name from records where isCall = 1 order by name"
# -D adds to the tdq.toml's defines
-D OTHER "select value from meta where key = 'defines'"
cd ..
init --td small.td
init --td small.td --force
"select count(*) from records"
