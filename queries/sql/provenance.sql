-- Every field of a def: its type, value, and where the value was set (body line, let, or
-- template argument).
-- param: record:def  the def's name
SELECT field, type, value, set_file, set_line, set_col
FROM fields
WHERE record = :record AND kind <> 'class'
ORDER BY position;
