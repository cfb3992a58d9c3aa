foreach i = 0...9999999 in
  def A#i;
