// A file with only comments and preprocessor lines defines nothing.
/* nothing here */
#define UNUSED
