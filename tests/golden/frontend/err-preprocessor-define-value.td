// #define takes a name only: a value after it is an error.
#define FOO 1
def A;
