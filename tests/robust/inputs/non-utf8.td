// café
def A { string s = "x"; }
