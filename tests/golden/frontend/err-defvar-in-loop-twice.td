// A defvar defined twice in the same loop body.
foreach i = [1] in {
  defvar a = i;
  defvar a = i;
}
