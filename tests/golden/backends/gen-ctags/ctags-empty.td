// ARGS: --gen-ctags
// No records: only the two header lines.
