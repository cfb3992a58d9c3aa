// Opening succeeds and reading fails (EIO): the unreadable file the tests can make as root
// (chmod 000 does not stop root). A file open fails on gets the same error.
include "/proc/self/mem"
