-- The files read, in the order they were included, with sizes and content hashes.
SELECT id, path, size, hash, included_from_file, included_from_line
FROM sources
ORDER BY id;
