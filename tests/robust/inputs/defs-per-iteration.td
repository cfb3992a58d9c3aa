foreach i = 0...999999 in {
  def A#i;
  def B#i;
  def C#i;
}
