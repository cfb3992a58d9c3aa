// ARGS: --print-detailed-records
// The detailed-records backend with globals but no classes or records: the empty sections are
// still printed.
defvar g = 5;
defset list<int> s = {}
