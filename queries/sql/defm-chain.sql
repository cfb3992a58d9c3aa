-- The defm and multiclass steps that produced a def, innermost first.
-- param: record:def  the def's name
SELECT step, multiclass, defm_file, defm_line, defm_col
FROM defm_chain
WHERE record = :record
ORDER BY step;
