// No RVVHeader class: no header code to print.
// ARGS: -gen-riscv-vector-header
def x;
