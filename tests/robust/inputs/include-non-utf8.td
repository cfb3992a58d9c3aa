include "non-utf8.td"
