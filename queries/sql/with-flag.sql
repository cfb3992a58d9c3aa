-- The defs whose field FLAG holds VALUE (as --print-records shows it: 1, 0, ?, a name...).
-- param: flag:field  the field name, e.g. isCall
-- param: value  the value, e.g. 1
SELECT record, set_file, set_line
FROM fields
WHERE kind <> 'class' AND field = :flag AND value = CAST(:value AS TEXT)
ORDER BY record;
