-- The classes a def or class derives from, in llvm-tblgen's order, direct ones marked.
-- param: record:record  the def's or class's name
SELECT superclass, direct, c.file, c.line
FROM superclasses s JOIN classes c ON c.id = s.superclass_id
WHERE s.record = :record
ORDER BY s.kind, s.position;
