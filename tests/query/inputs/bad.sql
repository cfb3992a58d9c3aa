-- a comment line
select name
from records
where isCal = 1;
