-- The calls and the loads.
select name, Size from records where isCall = 1 order by name;
select name from records where mayLoad = 1 order by name;
