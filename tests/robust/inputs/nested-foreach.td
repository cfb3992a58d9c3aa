foreach i = 0...9999 in
  foreach j = 0...9999 in
    defvar k = j;
