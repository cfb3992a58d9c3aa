cd badtoml
"select 1"
