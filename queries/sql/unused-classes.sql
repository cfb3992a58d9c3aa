-- Classes that no def derives from (directly or through other classes): candidates for
-- removal, or classes only multiclasses and other classes use.
SELECT name, file, line
FROM classes
WHERE id NOT IN (SELECT superclass_id FROM superclasses WHERE kind <> 'class')
ORDER BY name;
