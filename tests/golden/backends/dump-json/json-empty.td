// ARGS: --dump-json
// No records at all: only the two keys JSONBackend always adds.
