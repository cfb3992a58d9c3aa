-- How many defs derive from each class, most first.
SELECT superclass AS class, count(*) AS defs
FROM superclasses
WHERE kind <> 'class'
GROUP BY superclass
ORDER BY defs DESC, class;
