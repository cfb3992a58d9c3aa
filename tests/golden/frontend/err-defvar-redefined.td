// A defvar defined twice in the same scope.
defvar v = 1;
defvar v = 2;
