foreach i = 0...99 in
  def R#i;
