"select 1"
