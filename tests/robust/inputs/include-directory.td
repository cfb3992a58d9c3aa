include "."
